import { useDeferredValue, useState } from 'react';

import { Field, SelectField } from '@/components/ui/form';
import type { AdminCreator } from '@/lib/api/types';
import { getPersonName } from '@/lib/user';

import { useAdminCreators } from '../api/admin-creators';

const creatorLabel = ({ user }: AdminCreator) => {
  const name = getPersonName(user, user.email ?? undefined);
  return user.email && name !== user.email ? `${name} · ${user.email}` : name;
};

/**
 * The creator an admin adds a film for: a search over GET /api/admin/creators?q= (suspended creators
 * left out: the catalog refuses them) and a select of the matches. The chosen one stays listed while
 * the search changes.
 */
export function CreatorPicker({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (creatorId: number | null) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [chosen, setChosen] = useState<AdminCreator | null>(null);
  const creators = useAdminCreators({ ...(q ? { q } : {}), suspended: 'false' });
  const matches = creators.data ?? [];
  const options = [
    ...(chosen && value === chosen.id && !matches.some((c) => c.id === chosen.id) ? [chosen] : []),
    ...matches,
  ].map((creator) => ({ value: String(creator.id), label: creatorLabel(creator) }));

  return (
    <section className="space-y-4 rounded-2xl border border-accent/30 bg-surface/80 p-5 shadow-xl shadow-black/20">
      <h2 className="text-lg font-bold text-fg">Creator</h2>
      <Field
        label="Search creators"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        hint="A part of their name or email address."
      />
      <SelectField
        label="Add the film for"
        value={value === null ? '' : String(value)}
        placeholder={creators.isPending ? 'Loading creators…' : 'Choose a creator'}
        options={options}
        error={error ?? (creators.isError ? 'Creators could not be loaded right now.' : undefined)}
        onChange={(event) => {
          const id = event.target.value ? Number(event.target.value) : null;
          setChosen(matches.find((c) => c.id === id) ?? (chosen?.id === id ? chosen : null));
          onChange(id);
        }}
      />
    </section>
  );
}
