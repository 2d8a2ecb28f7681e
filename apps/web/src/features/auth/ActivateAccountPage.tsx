import { SetPasswordPage } from './SetPasswordPage';

export default function ActivateAccountPage() {
  return <SetPasswordPage mode="activate" />;
}
