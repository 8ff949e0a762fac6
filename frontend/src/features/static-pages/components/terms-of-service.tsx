import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';

import { contactSection, LegalPage, Placeholder, type StaticSection } from './static-page';

const sections: StaticSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these Terms',
    body: (
      <>
        <p>
          These Terms of Service ("Terms") govern your access to and use of Kinora, including our website,
          apps, streaming service, creator and critic tools and community features (together, the "Service").
          By creating an account or using the Service you agree to these Terms and to our{' '}
          <Link to={paths.privacy}>Privacy Policy</Link>. If you do not agree, please do not use the Service.
        </p>
        <p>
          If you publish films on Kinora, our <Link to={paths.creatorGuidelines}>Creator Guidelines</Link>{' '}
          also apply and form part of these Terms.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: (
      <>
        <p>
          You must be <strong>at least 13 years old</strong> to use Kinora. If you are under the age of
          majority where you live, you may only use the Service with the involvement and consent of a parent
          or legal guardian, who accepts these Terms on your behalf and is responsible for your use.
        </p>
        <p>
          You may not use the Service if you have previously been banned from it, or if doing so would break
          the law that applies to you.
        </p>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Your Account',
    body: (
      <>
        <p>
          Kinora uses passwordless sign-in: we email you a one-time 6-digit code each time you sign in. You
          are responsible for keeping access to your email account secure, for the accuracy of your account
          details and for all activity that happens under your account.
        </p>
        <p>
          Never share a sign-in code with anyone. Tell us promptly if you believe someone has accessed your
          account without permission.
        </p>
      </>
    ),
  },
  {
    id: 'household-use',
    title: 'Household Use and Account Sharing',
    body: (
      <>
        <p>
          A Kinora account is for the personal, non-commercial use of <strong>a single household</strong>: the
          people who live with you at your primary residence.
        </p>
        <ul>
          <li>
            You must not share your account credentials, sign-in codes or active sessions with anyone outside
            your household.
          </li>
          <li>You must not sell, rent, transfer or sublicense access to your account.</li>
          <li>
            We may monitor how accounts are used, including devices, approximate locations, concurrent streams
            and sign-in patterns, to detect sharing outside the household, fraud and abuse. Where we find such
            use we may limit streams, require you to sign in again, or suspend the account.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'membership',
    title: 'Membership Plans',
    body: (
      <>
        <p>
          Kinora offers a Free plan and a Premium plan. The features and price of each plan are shown before
          you choose it. Premium is billed in advance for each billing period until you cancel; cancelling
          stops future charges and you keep Premium until the end of the period you have already paid for.
        </p>
        <p>
          Some titles and features may be available only on certain plans, in certain countries, or for a
          limited time. The Free plan may include advertising before, during and after films.
        </p>
      </>
    ),
  },
  {
    id: 'using-kinora',
    title: 'Using Films on Kinora',
    body: (
      <p>
        Subject to these Terms, we grant you a limited, personal, non-exclusive, non-transferable and
        revocable licence to stream the films available to your account for your own private viewing. You must
        not download (except where we offer it), copy, record, rebroadcast, publicly perform, remove
        watermarks from, or otherwise redistribute any film or other material from the Service.
      </p>
    ),
  },
  {
    id: 'your-content',
    title: 'Your Content',
    body: (
      <>
        <p>
          "Your Content" means anything you upload or post to Kinora: films, trailers, posters, profile
          details, reviews, comments and feedback. <strong>You keep ownership of Your Content.</strong>
        </p>
        <p>
          By posting Your Content you grant Kinora a{' '}
          <strong>worldwide, non-exclusive, royalty-free licence</strong> to host, store, reproduce,
          transcode, adapt for different devices and formats, display, perform, distribute and promote Your
          Content, solely to operate, improve and market the Service. This licence ends when you delete Your
          Content or your account, except for copies held in routine backups for a limited period, content
          that others have already shared, and where we must keep it to meet a legal obligation.
        </p>
        <p>
          You confirm that you own or have all the rights needed to post Your Content and to grant this
          licence, and that Your Content does not infringe anyone's rights or break the law.
        </p>
      </>
    ),
  },
  {
    id: 'avatars-and-assets',
    title: 'Avatars, Likenesses and Third-Party Assets',
    body: (
      <>
        <p>
          <strong>Written approval is required</strong> before you publish content on Kinora that uses:
        </p>
        <ul>
          <li>
            an avatar, digital double, synthetic voice or virtual character based on a real, identifiable
            person: you need that person's written approval (or that of their estate or authorised
            representative); and
          </li>
          <li>
            any third-party asset, such as music, footage, images, characters, fonts, trademarks or trained
            models owned by someone else: you need written approval or a written licence from the rights
            holder.
          </li>
        </ul>
        <p>
          Keep these approvals for as long as the content is available and provide them to us on request. We
          may remove content, or decline to publish it, where approval cannot be shown.
        </p>
      </>
    ),
  },
  {
    id: 'prohibited-conduct',
    title: 'Prohibited Conduct',
    body: (
      <>
        <p>When using Kinora you must not:</p>
        <ul>
          <li>infringe copyright, trademarks, privacy, publicity or other rights of any person;</li>
          <li>
            post sexual content involving minors, non-consensual intimate imagery, or deceptive deepfakes of
            real people;
          </li>
          <li>
            post content that harasses, threatens, bullies or promotes hatred or violence against any person
            or group;
          </li>
          <li>impersonate any person or organisation, or misrepresent who made a film;</li>
          <li>
            manipulate views, ratings, reviews, follows or advertising metrics, including with bots or paid
            schemes;
          </li>
          <li>
            scrape, crawl or harvest the Service or its data, or use it to train models, without our written
            permission;
          </li>
          <li>circumvent access controls, watermarks, geographic limits or other technical protections;</li>
          <li>
            interfere with or disrupt the Service, probe it for vulnerabilities without permission, or upload
            malware;
          </li>
          <li>use the Service for spam, fraud or any unlawful purpose.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'moderation',
    title: 'Moderation, Suspension and Termination',
    body: (
      <>
        <p>
          Films submitted by creators are reviewed before they are published, and we may review other content
          at any time. We may decline, remove, restrict or age-gate content that we reasonably believe breaks
          these Terms or our Creator Guidelines, or that exposes users or Kinora to harm or legal risk.
        </p>
        <p>
          We may warn, suspend or terminate accounts for breaches, repeated infringement, or where required by
          law. Where appropriate we will tell you why and give you a way to ask us to review the decision. You
          may close your account at any time.
        </p>
      </>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <p>
        The Service is provided "as is" and "as available". To the fullest extent permitted by law, we make no
        warranties, express or implied, about the Service, including that it will be uninterrupted, error-free
        or available in every location, or that any content is accurate or suitable for you. Films on Kinora
        are made by independent creators, often with generative tools, and their views are their own. Nothing
        in these Terms excludes rights you have under consumer law that cannot be excluded.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of Liability',
    body: (
      <p>
        To the fullest extent permitted by law, Kinora and its officers, employees and partners are not liable
        for any indirect, incidental, special, consequential or punitive damages, or for loss of profits, data
        or goodwill, arising from your use of the Service. Our total liability for any claim relating to the
        Service is limited to the amount you paid us for the Service in the twelve months before the claim.
        These limits do not apply to liability that cannot be limited by law.
      </p>
    ),
  },
  {
    id: 'indemnity',
    title: 'Indemnity',
    body: (
      <p>
        You agree to indemnify and hold harmless Kinora and its officers, employees and partners from any
        claims, losses, liabilities and reasonable legal costs arising from Your Content, your breach of these
        Terms, or your violation of any law or of anyone else's rights.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these Terms',
    body: (
      <p>
        We may update these Terms as Kinora evolves or the law changes. If a change materially affects you, we
        will tell you in advance by email or in the Service. The updated Terms apply from the date shown at
        the top of this page; continuing to use Kinora after that date means you accept them.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    body: (
      <p>
        These Terms are governed by the laws of <Placeholder>jurisdiction to be confirmed</Placeholder>, and
        disputes will be heard by the courts of that jurisdiction, without affecting any mandatory consumer
        protections of the place where you live.
      </p>
    ),
  },
  contactSection(
    <>
      Questions about these Terms? Contact us at <Placeholder>contact email to be confirmed</Placeholder>
    </>,
  ),
];

/** Terms of Service. */
export function TermsOfService() {
  return (
    <LegalPage
      title="Terms of Service"
      intro="The rules for watching, creating and taking part on Kinora. Please read them carefully: they explain your rights, our responsibilities and what we expect from everyone in the community."
      sections={sections}
    />
  );
}
