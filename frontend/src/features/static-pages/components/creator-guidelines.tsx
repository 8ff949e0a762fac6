import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';

import { StaticPage, type StaticSection } from './static-page';

const sections: StaticSection[] = [
  {
    id: 'originality',
    title: 'Originality and Intellectual Property',
    body: (
      <>
        <p>
          Kinora exists for original work. Generative tools are welcome; the creative vision, direction and
          editing must be yours.
        </p>
        <ul>
          <li>Upload only films you made or have the right to distribute.</li>
          <li>
            Clear every element you did not create yourself: music, footage, images, voices, fonts, logos and
            characters. Keep the licences or written approvals and be ready to show them.
          </li>
          <li>
            Do not prompt for, imitate or reproduce protected characters, franchises or a living artist's
            signature style in a way that passes the work off as theirs.
          </li>
          <li>
            Be open about your process. Tell viewers in the description which generative tools played a major
            part.
          </li>
          <li>Do not remove or obscure the Kinora creator watermark.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'avatars',
    title: 'Avatars and Virtual Characters',
    body: (
      <>
        <ul>
          <li>
            An avatar, digital double or synthetic voice based on a real person needs that person's written
            approval (or their estate's or representative's) before you publish it.
          </li>
          <li>
            Do not depict real people saying or doing things they did not say or do in a way that could
            mislead viewers, damage their reputation or place them in sexual or degrading situations.
          </li>
          <li>
            Virtual characters of your own invention are yours, but they must follow the same standards as any
            other content, and a character must never be presented as a minor in a sexual context.
          </li>
          <li>Label parody, satire and re-enactment clearly as such.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'respect-and-safety',
    title: 'Respect and Safety',
    body: (
      <>
        <p>
          Challenging, dark and provocative stories are welcome. Content designed to harm real people is not.
        </p>
        <ul>
          <li>No harassment, bullying, threats or content that attacks people for who they are.</li>
          <li>No glorification of violence, terrorism or self-harm, and no instructions for causing harm.</li>
          <li>No sexual content involving minors, ever, whether real or generated.</li>
          <li>
            Add content warnings for graphic violence, sexual content, flashing imagery and other sensitive
            material, and set an accurate audience rating.
          </li>
          <li>Engage respectfully with audiences, critics and other creators in reviews and comments.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'legal-compliance',
    title: 'Legal Compliance',
    body: (
      <ul>
        <li>
          Follow the laws that apply to you and your film, including copyright, privacy, defamation, consumer
          and advertising law.
        </li>
        <li>Disclose paid promotions, sponsorships and product placement in the film's description.</li>
        <li>Obtain releases from anyone recognisable in real footage you use.</li>
        <li>Meet your own tax and reporting obligations on the revenue you earn from Kinora.</li>
      </ul>
    ),
  },
  {
    id: 'reporting-and-enforcement',
    title: 'Reporting and Enforcement',
    body: (
      <>
        <p>
          Every film is reviewed by our team before it is published; reviews usually take 2-3 business days.
          Anyone can report a film, profile, review or comment that they believe breaks these guidelines, and
          rights holders can send us notices about their work.
        </p>
        <p>Depending on how serious and how repeated a problem is, we may:</p>
        <ol>
          <li>ask you to fix the problem, for example by adding a warning or a credit;</li>
          <li>decline a submission, or archive a published film;</li>
          <li>limit features such as uploads or monetisation;</li>
          <li>suspend or permanently remove your creator profile and account.</li>
        </ol>
        <p>
          We will explain our decision and you can ask us to review it. These guidelines sit alongside our{' '}
          <Link to={paths.terms}>Terms of Service</Link>, which take precedence if the two ever conflict.
        </p>
      </>
    ),
  },
];

/** Creator Guidelines. */
export function CreatorGuidelines() {
  return (
    <StaticPage
      eyebrow="For creators"
      title="Creator Guidelines"
      intro="How to publish on Kinora: make it original, respect the people and rights behind every frame, keep the community safe, and know what happens when something goes wrong."
      sections={sections}
    />
  );
}
