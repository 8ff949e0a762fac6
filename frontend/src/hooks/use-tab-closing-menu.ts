import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/**
 * Focuses what Tab reaches after `control` (inside its dialog, else on the page), passing over the
 * items of a closing menu: where Tab from the menu of `control` goes, as it would from `control`.
 */
function focusAfter(control: HTMLElement) {
  const scope = control.closest('[role="dialog"]') ?? control.ownerDocument.body;
  const next = Array.from(scope.querySelectorAll<HTMLElement>(TABBABLE)).find(
    (candidate) =>
      candidate.tabIndex >= 0 &&
      control.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING &&
      !control.contains(candidate) &&
      !candidate.closest('[role="menu"]') &&
      (candidate.checkVisibility?.({ checkVisibilityCSS: true }) ?? true),
  );
  (next ?? control).focus();
}

/**
 * The state and focus handling of a Radix DropdownMenu that closes on Tab, as a disclosure would, and
 * lets focus go on past its trigger (Shift+Tab: back to the trigger); on opening, however it was
 * opened (Radix focuses the menu itself after a click), the first item matching `initialFocus` takes
 * focus instead. Spread `rootProps` on the Root and `contentProps` on the Content, and give the
 * Trigger `triggerRef`.
 */
export function useTabClosingMenu(initialFocus: string) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  /** Tab left the menu: focus goes on to what follows the trigger. */
  const tabbedOut = useRef(false);
  /** Opened, and focus not yet placed in the menu. */
  const opening = useRef(false);

  const onOpenChange = (next: boolean) => {
    opening.current = next;
    setOpen(next);
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (!opening.current || event.target !== event.currentTarget) return;
    opening.current = false;
    // Taking focus here, the menu's own first focus is skipped.
    event.preventDefault();
    event.currentTarget.querySelector<HTMLElement>(initialFocus)?.focus();
  };

  const onCloseAutoFocus = (event: Event) => {
    if (!tabbedOut.current) return;
    tabbedOut.current = false;
    event.preventDefault();
    if (triggerRef.current) focusAfter(triggerRef.current);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab') return;
    // Radix keeps Tab inside a menu; this one closes on Tab.
    event.preventDefault();
    tabbedOut.current = !event.shiftKey;
    setOpen(false);
  };

  return {
    open,
    triggerRef,
    rootProps: { open, onOpenChange, modal: false },
    contentProps: { onFocus, onCloseAutoFocus, onKeyDown },
  };
}
