import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { DelayedLoader } from '../../components/DelayedLoader';
import { sessionStore } from './session-store';

/** Ends the session on the server (best effort: the local one ends regardless) and goes home. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const hasStarted = useRef(false);
  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const hasSession = Boolean(sessionStore.token());
    const done = () => {
      sessionStore.signOut();
      navigate('/', { replace: true });
    };
    if (!hasSession) return done();
    api.post('auth/logout').then(done, done);
  }, [navigate]);
  return <DelayedLoader minHeight="100vh" />;
}
