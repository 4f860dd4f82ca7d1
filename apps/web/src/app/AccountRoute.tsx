import AccountPage from '../features/access/AccountPage';
import { EmailSection } from '../features/email/EmailSection';
import { NewsSection } from '../features/email/NewsSection';
import { TwoStepSection } from '../features/two-step/TwoStepSection';

/** The account page with the sections of the features it gathers (a feature imports no other feature). */
export default function AccountRoute() {
  return (
    <AccountPage>
      <TwoStepSection />
      <EmailSection />
      <NewsSection />
    </AccountPage>
  );
}
