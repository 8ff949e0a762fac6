/**
 * Adds each listener to `target` for the event it is keyed by; the returned function removes them
 * all again (an effect's cleanup).
 */
export function listen(target: EventTarget, listeners: Record<string, (event: never) => void>): () => void {
  const entries = Object.entries(listeners) as [string, EventListener][];
  for (const [type, listener] of entries) target.addEventListener(type, listener);
  return () => {
    for (const [type, listener] of entries) target.removeEventListener(type, listener);
  };
}
