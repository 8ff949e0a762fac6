import { describe, expect, it } from 'vitest';

import { createQueryClient } from './query-client';

describe('query client', () => {
  it('uses the data-fetching defaults of docs/ui.md', () => {
    const options = createQueryClient().getDefaultOptions();

    expect(options.queries).toMatchObject({
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    });
    expect(options.mutations).toMatchObject({ retry: false });
  });
});
