import { AboutUs } from '@/features/static-pages/components/about-us';

export default function AboutRoute() {
  return <AboutUs />;
}
