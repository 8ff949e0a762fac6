import { Play, RotateCcw } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { formatClock } from '@/lib/format';

/**
 * Play Now; or, when the member stopped part-way (their Continue Watching), "Resume from m:ss"
 * and "Start over". `onPlay` gets the position to start at, in seconds.
 */
export function PlayButtons({
  resumeAt,
  onPlay,
}: {
  resumeAt?: number | null;
  onPlay: (startAt: number) => void;
}) {
  const resume = resumeAt && resumeAt > 0 ? resumeAt : null;
  // One play button in both forms: when closing the player brings a resume point, the focused
  // button stays the same element (relabelled) and keeps the keyboard user's focus.
  return (
    <>
      <Button size="lg" onClick={() => onPlay(resume ?? 0)} className="px-8">
        <Play className="size-5 fill-current" aria-hidden="true" />
        {resume === null ? 'Play Now' : `Resume from ${formatClock(resume)}`}
      </Button>
      {resume === null ? null : (
        <Button size="lg" variant="outline" onClick={() => onPlay(0)}>
          <RotateCcw className="size-5" aria-hidden="true" />
          Start over
        </Button>
      )}
    </>
  );
}
