import { BecomeCreatorNotice } from '@/features/studio/components/become-creator-notice';
import { UploadFilm } from '@/features/studio/components/upload-film';

import { SessionGate, SignInFirst } from '../session-gate';
import { useCreatorRole } from '../use-creator-role';

export const UPLOAD_SIGN_IN_MESSAGE = 'Sign in to upload a film.';

/** /upload and /uploadfilm: creators upload a film; visitors sign in first, members become creators first. */
export default function UploadFilmRoute() {
  const { user, isCreator } = useCreatorRole();
  return (
    <SessionGate user={user} signedOut={<SignInFirst message={UPLOAD_SIGN_IN_MESSAGE} />}>
      <div className="mx-auto w-full max-w-3xl flex-1 px-4 pt-28 pb-20">
        <title>Upload Film · Kinora</title>
        <h1 className="text-3xl font-bold tracking-tight text-fg">Upload a film</h1>
        <p className="mt-1 mb-8 text-fg-muted">
          Your film is transcoded, then reviewed by the Kinora team before it goes live.
        </p>
        {isCreator ? <UploadFilm /> : <BecomeCreatorNotice what="Uploading" />}
      </div>
    </SessionGate>
  );
}
