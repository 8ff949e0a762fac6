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
  if (resumeAt && resumeAt > 0) {
    return (
      <>
        <Button size="lg" onClick={() => onPlay(resumeAt)} className="px-8">
          <Play className="size-5 fill-current" aria-hidden="true" />
          Resume from {formatClock(resumeAt)}
        </Button>
        <Button size="lg" variant="outline" onClick={() => onPlay(0)}>
          <RotateCcw className="size-5" aria-hidden="true" />
          Start over
        </Button>
      </>
    );
  }
  return (
    <Button size="lg" onClick={() => onPlay(0)} className="px-8">
      <Play className="size-5 fill-current" aria-hidden="true" />
      Play Now
    </Button>
  );
}
