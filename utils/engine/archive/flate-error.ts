// fflate reports bad data by throwing an Error with a numeric `code`. Anything else thrown while
// inflating is a bug of ours: it is rethrown, so listArchive reports it as such, not as bad data.

export function flateErrorCode(error: unknown): number {
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof Error && typeof code === 'number') return code;
  throw error;
}
