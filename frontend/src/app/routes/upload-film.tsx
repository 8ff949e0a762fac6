import { Navigate } from 'react-router-dom';

import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { BecomeCreatorNotice } from '@/features/studio/components/become-creator-notice';
import { UploadFilm } from '@/features/studio/components/upload-film';

import { useCreatorRole } from '../use-creator-role';

export const UPLOAD_SIGN_IN_MESSAGE = 'Sign in to upload a film.';

/** /upload and /uploadfilm: creators upload a film; visitors sign in first, members become creators first. */
export default function UploadFilmRoute() {
  const { user, isCreator } = useCreatorRole();

  if (user.isPending) {
    return (
      <div className="flex min-h-[70dvh] flex-1 items-center justify-center pt-16">
        <Spinner label="Checking your session" />
      </div>
    );
  }
  if (!user.data) {
    return <Navigate to={`${paths.auth}?message=${encodeURIComponent(UPLOAD_SIGN_IN_MESSAGE)}`} replace />;
  }
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 px-4 pt-28 pb-20">
      <title>Upload Film · Kinora</title>
      <h1 className="text-3xl font-bold tracking-tight text-fg">Upload a film</h1>
      <p className="mt-1 mb-8 text-fg-muted">
        Your film is transcoded, then reviewed by the Kinora team before it goes live.
      </p>
      {isCreator ? <UploadFilm /> : <BecomeCreatorNotice what="Uploading" />}
    </div>
  );
}
