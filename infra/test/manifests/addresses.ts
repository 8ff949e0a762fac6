// The parts of an address a deployment gives a process: a URL, or host:port.

/** The port of a URL or host:port address (undefined when it names none). */
export function portOf(address: string): string | undefined {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//.test(address) ? address : `tcp://${address}`;
  try {
    return new URL(withScheme).port || undefined;
  } catch {
    return undefined;
  }
}

/** The database a connection URL names (its path). */
export function databaseIn(url: string): string | undefined {
  try {
    return new URL(url).pathname.replace(/^\//, '') || undefined;
  } catch {
    return undefined;
  }
}
