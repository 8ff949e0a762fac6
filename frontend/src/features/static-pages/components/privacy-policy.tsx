import { contactSection, LegalPage, Placeholder, type StaticSection } from './static-page';

const sections: StaticSection[] = [
  {
    id: 'who-we-are',
    title: 'Who We Are',
    body: (
      <p>
        Kinora is a streaming and community platform for independent generative cinema. This Privacy Policy
        explains what personal information we collect when you use Kinora, how we use and share it, and the
        choices and rights you have. "We", "us" and "Kinora" mean the operator of the Service.
      </p>
    ),
  },
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <h3>Personal information you give us</h3>
        <ul>
          <li>your email address, which you use to sign in with a one-time code;</li>
          <li>your name and profile picture, if you add them;</li>
          <li>
            creator and critic profile details such as a bio, website and social links, and the films, reviews
            and comments you publish;
          </li>
          <li>your membership plan and, for Premium, billing details handled by our payment provider;</li>
          <li>messages you send us, waitlist sign-ups and feedback.</li>
        </ul>
        <h3>Usage data</h3>
        <ul>
          <li>
            what you watch, for how long and where you stopped, your lists, likes, follows, ratings and
            searches;
          </li>
          <li>
            device and connection information such as device type, browser, operating system, IP address and
            the approximate country it indicates;
          </li>
          <li>the advertisements you are shown, and whether you skip or click them.</li>
        </ul>
        <h3>Cookies</h3>
        <p>
          We use cookies and similar technologies, described in the Cookies section below, to keep you signed
          in and to understand how the Service is used.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How We Use Your Information',
    body: (
      <ul>
        <li>to provide the Service: sign you in, stream films, remember your progress and lists;</li>
        <li>to personalise recommendations and the advertising shown on the Free plan;</li>
        <li>
          to give creators aggregated statistics about their films, such as views, watch time, countries and
          device types, which never identify you;
        </li>
        <li>to moderate content, enforce our Terms and keep the Service safe from fraud and abuse;</li>
        <li>to send you service emails such as sign-in codes, and marketing only where you have agreed;</li>
        <li>to measure and improve performance, and to meet our legal obligations.</li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <>
        <p>
          <strong>Essential cookies</strong> keep you signed in. Our session cookie is set when you sign in,
          cannot be read by scripts on the page and is removed when you sign out. The Service does not work
          without it.
        </p>
        <p>
          <strong>Analytics and preference cookies</strong> help us understand how Kinora is used and remember
          your settings. You can block or delete cookies in your browser settings; essential cookies are
          needed to stay signed in.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'How We Share Information',
    body: (
      <>
        <p>
          <strong>We do not sell your personal information</strong>, and we do not share it with third parties
          for their own marketing. We share it only:
        </p>
        <ul>
          <li>
            with service providers who host, deliver email, process payments or help us run the Service, under
            contracts that require them to protect it and use it only on our instructions;
          </li>
          <li>
            with advertisers in aggregated form only (for example, impressions and clicks per campaign);
          </li>
          <li>
            publicly, where you choose to publish something, such as a review, a creator profile or a film;
          </li>
          <li>
            when required by law, or to protect the rights, property or safety of our users, the public or
            Kinora;
          </li>
          <li>with a successor if Kinora is reorganised, merged or sold, subject to this Policy.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'retention-and-security',
    title: 'Retention and Security',
    body: (
      <p>
        We keep personal information for as long as your account is open and as needed to provide the Service,
        then delete or anonymise it unless the law requires us to keep it longer. Sign-in codes are stored
        only in hashed form and expire after minutes. We protect information with access controls, encryption
        in transit and regular review, although no system can be perfectly secure.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your Rights and Choices',
    body: (
      <>
        <p>Depending on where you live, you have the right to:</p>
        <ul>
          <li>
            <strong>Access</strong> the personal information we hold about you;
          </li>
          <li>
            <strong>Correction</strong> of information that is inaccurate or incomplete;
          </li>
          <li>
            <strong>Deletion</strong> of your personal information and your account;
          </li>
          <li>
            <strong>Objection</strong> to processing based on our legitimate interests, including profiling;
          </li>
          <li>
            <strong>Withdrawal</strong> of consent at any time, where we rely on your consent;
          </li>
          <li>
            <strong>Opt-out</strong> of marketing emails and of personalised advertising;
          </li>
          <li>
            <strong>Portability</strong>: receiving your information in a structured, machine-readable format.
          </li>
        </ul>
        <p>
          You can update most profile details yourself. To exercise any other right, contact us using the
          details below; we will respond within the time the law requires and will not treat you differently
          for doing so. You may also complain to your local data protection authority.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: "Children's Privacy",
    body: (
      <p>
        Kinora is <strong>not intended for children under 13</strong>, and we do not knowingly collect
        personal information from them. If you believe a child under 13 has given us personal information,
        please contact us and we will delete it and close the account.
      </p>
    ),
  },
  {
    id: 'international',
    title: 'International Transfers',
    body: (
      <p>
        Our providers may process information in countries other than yours. Where they do, we use safeguards
        such as contractual protections so that your information receives a comparable level of protection.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this Policy',
    body: (
      <p>
        We will update this Policy when our practices change. If a change is significant we will tell you in
        advance by email or in the Service.
      </p>
    ),
  },
  contactSection(
    <>
      For privacy questions or requests, contact our privacy team at{' '}
      <Placeholder>privacy contact email to be confirmed</Placeholder>
    </>,
  ),
];

/** Privacy Policy. */
export function PrivacyPolicy() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro="What we collect when you watch, create and take part on Kinora, why we collect it, and the rights you have over it. The short version: we collect what we need to run the service, and we never sell your personal information."
      sections={sections}
    />
  );
}
