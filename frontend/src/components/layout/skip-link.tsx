/** Keyboard users jump past the top bar to the screen's <main id="main">. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-[60] rounded-full bg-accent px-4 py-2 font-semibold text-accent-fg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}
