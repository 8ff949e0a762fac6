/** Lists are sets: trimmed strings, repeats dropped (non-strings are left for the validator to name). */
export const distinctStrings =
  (normalise: (text: string) => string = (text) => text) =>
  ({ value }: { value: unknown }) => {
    if (!Array.isArray(value)) return value;
    if (!value.every((item) => typeof item === 'string')) return value;
    return [...new Set((value as string[]).map((item) => normalise(item.trim())))];
  };

/** A number in a query string: blank is not given, anything else is read as a number (junk is NaN). */
export const queryNumber = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  return value.trim() === '' ? undefined : Number(value);
};
