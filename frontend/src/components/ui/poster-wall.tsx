import { cn } from '@/lib/utils';

/** Abstract "generative" poster art drawn with CSS gradients: no image requests, nothing to fail. */
const posters = [
  {
    title: 'Neon Tide',
    art: 'bg-[radial-gradient(circle_at_30%_30%,#f472b6,transparent_55%),linear-gradient(160deg,#1e1b4b,#0f172a)]',
  },
  {
    title: 'Paper Moons',
    art: 'bg-[radial-gradient(circle_at_70%_20%,#fde68a,transparent_40%),linear-gradient(200deg,#7c2d12,#1c1917)]',
  },
  {
    title: 'Fractal Bloom',
    art: 'bg-[conic-gradient(from_200deg_at_50%_60%,#22d3ee,#a78bfa,#f472b6,#22d3ee)]',
  },
  { title: 'Glass Harbor', art: 'bg-[linear-gradient(180deg,#0ea5e9_0%,#1e3a8a_55%,#020617_100%)]' },
  {
    title: 'Ember Road',
    art: 'bg-[radial-gradient(circle_at_50%_85%,#f97316,transparent_50%),linear-gradient(180deg,#0c0a09,#431407)]',
  },
  {
    title: 'Quiet Orbit',
    art: 'bg-[radial-gradient(circle_at_50%_45%,#e2e8f0_0,#e2e8f0_14%,transparent_15%),linear-gradient(150deg,#312e81,#020617)]',
  },
  { title: 'Cellular', art: 'bg-[repeating-linear-gradient(45deg,#14532d_0_12px,#052e16_12px_24px)]' },
  { title: 'Amber Hours', art: 'bg-[linear-gradient(135deg,#f5b83d,#b45309_45%,#1c1917)]' },
  {
    title: 'Drift',
    art: 'bg-[radial-gradient(ellipse_at_20%_80%,#a78bfa,transparent_50%),radial-gradient(ellipse_at_80%_20%,#2dd4bf,transparent_45%),#0b0b12]',
  },
  { title: 'Low Tide', art: 'bg-[linear-gradient(0deg,#0f766e,#134e4a_40%,#082f49)]' },
  {
    title: 'Signal',
    art: 'bg-[repeating-radial-gradient(circle_at_50%_50%,#be123c_0_6px,#1f0a12_6px_18px)]',
  },
  { title: 'Afterglow', art: 'bg-[linear-gradient(200deg,#fb7185,#7c3aed_50%,#0b0b12)]' },
];

/** The tilted wall of posters behind the landing hero (decorative). */
export function PosterWall({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('pointer-events-none absolute inset-0 -z-10', className)}>
      <div className="absolute top-1/2 left-1/2 grid w-[130%] -translate-x-1/2 -translate-y-1/2 -rotate-6 grid-cols-4 gap-3 opacity-35 sm:grid-cols-6 sm:opacity-55 sm:gap-4 lg:grid-cols-8">
        {[...posters, ...posters, ...posters].map(({ title, art }, index) => (
          <div
            key={`${title}-${index}`}
            className={cn(
              'relative aspect-[2/3] overflow-hidden rounded-xl ring-1 ring-white/10',
              art,
              index % 2 === 1 && 'translate-y-12',
            )}
          >
            <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-3 pt-10">
              <p className="text-xs font-bold tracking-wide text-white/90 uppercase">{title}</p>
            </div>
          </div>
        ))}
      </div>
      <div className="absolute inset-0 bg-[radial-gradient(ellipse_at_center,rgb(8_8_11/0.7)_0%,rgb(8_8_11/0.8)_45%,rgb(8_8_11/0.95)_100%)]" />
      <div className="absolute inset-x-0 bottom-0 h-40 bg-gradient-to-b from-transparent to-background" />
    </div>
  );
}
