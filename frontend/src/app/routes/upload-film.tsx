import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { CreatorPicker } from '@/features/admin/components/creator-picker';
import { BecomeCreatorNotice } from '@/features/studio/components/become-creator-notice';
import { UploadFilm } from '@/features/studio/components/upload-film';

import { SessionGate, SignInFirst } from '../session-gate';
import { useCreatorRole } from '../use-creator-role';

export const UPLOAD_SIGN_IN_MESSAGE = 'Sign in to upload a film.';

/**
 * /upload and /uploadfilm: creators upload a film; visitors sign in first, members become creators
 * first. An admin at /upload?forCreator=1 (Add New Film) uploads it for a creator they pick.
 */
export default function UploadFilmRoute() {
  const { user, isCreator } = useCreatorRole();
  const [searchParams] = useSearchParams();
  const [creatorId, setCreatorId] = useState<number | null>(null);
  const forCreator = user.data?.isAdmin === true && searchParams.get('forCreator') === '1';
  return (
    <SessionGate user={user} signedOut={<SignInFirst message={UPLOAD_SIGN_IN_MESSAGE} />}>
      <div className="mx-auto w-full max-w-3xl flex-1 px-4 pt-28 pb-20">
        <title>{forCreator ? 'Add New Film · Kinora' : 'Upload Film · Kinora'}</title>
        <h1 className="text-3xl font-bold tracking-tight text-fg">
          {forCreator ? 'Add a film for a creator' : 'Upload a film'}
        </h1>
        <p className="mt-1 mb-8 text-fg-muted">
          {forCreator
            ? 'The film is the creator’s from the moment it is submitted, and it is reviewed like any other before it goes live.'
            : 'Your film is transcoded, then reviewed by the Kinora team before it goes live.'}
        </p>
        {forCreator ? (
          <UploadFilm
            forCreator={{ creatorId, picker: <CreatorPicker value={creatorId} onChange={setCreatorId} /> }}
          />
        ) : isCreator ? (
          <UploadFilm />
        ) : (
          <BecomeCreatorNotice what="Uploading" />
        )}
      </div>
    </SessionGate>
  );
}
