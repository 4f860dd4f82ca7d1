import AccountPage from '../features/identity/AccountPage';
import { TwoStepSection } from '../features/identity/TwoStepSection';
import { EmailSection } from '../features/mail/EmailSection';
import { NewsSection } from '../features/mail/NewsSection';

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
