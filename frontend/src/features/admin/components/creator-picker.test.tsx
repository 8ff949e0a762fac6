import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import type { AdminCreator } from '@/lib/api/types';

import { CreatorPicker } from './creator-picker';

const makeCreator = (id: number, firstName: string, email: string): AdminCreator => ({
  id,
  userId: `u-${id}`,
  bio: '',
  user: { firstName, lastName: 'Vale', email, profileImageUrl: null },
  isVerified: false,
  isSuspended: false,
  suspendedAt: null,
  suspensionReason: null,
  _count: { films: 0, followers: 0 },
  createdAt: '2025-04-01T10:00:00.000Z',
});
const ada = makeCreator(4, 'Ada', 'ada@example.com');
const lena = makeCreator(5, 'Lena', 'lena@example.com');

/** The picker as a form holds it, reporting each choice. */
function Picker({ onChange }: { onChange: (id: number | null) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <CreatorPicker
      value={value}
      onChange={(id) => {
        setValue(id);
        onChange(id);
      }}
    />
  );
}

describe('CreatorPicker', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('searches creators who are not suspended and keeps the chosen one while the search changes', async () => {
    const { fetchMock } = mockFetch({
      'GET /api/admin/creators?suspended=false': () => jsonResponse([ada, lena]),
      'GET /api/admin/creators?q=lena&suspended=false': () => jsonResponse([lena]),
      'GET /api/admin/creators?q=nobody&suspended=false': () => jsonResponse([]),
    });
    const onChange = vi.fn();
    renderWithProviders(<Picker onChange={onChange} />);
    const asked = () => fetchMock.mock.calls.map(([url]) => String(url));

    const select = screen.getByRole('combobox', { name: 'Add the film for' });
    expect(await screen.findByRole('option', { name: 'Ada Vale · ada@example.com' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search creators' }), 'lena');
    await screen.findByRole('option', { name: 'Lena Vale · lena@example.com' });
    expect(screen.queryByRole('option', { name: /Ada Vale/ })).not.toBeInTheDocument();
    await userEvent.selectOptions(select, '5');
    expect(onChange).toHaveBeenLastCalledWith(5);
    expect(asked()).toContain('/api/admin/creators?q=lena&suspended=false');

    const search = screen.getByRole('searchbox', { name: 'Search creators' });
    await userEvent.clear(search);
    await userEvent.type(search, 'nobody');
    await vi.waitFor(() => expect(asked()).toContain('/api/admin/creators?q=nobody&suspended=false'));
    expect(screen.getByRole('option', { name: 'Lena Vale · lena@example.com' })).toBeInTheDocument();
    expect(select).toHaveValue('5');
  });
});
