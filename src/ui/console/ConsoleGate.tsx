import { lazy, Suspense, useState } from 'react';
import { isAdmin } from '../../domain/account/account';
import { TOKENS } from '../../ports/tokens';
import { Layout } from '../app/Layout';
import { Loading } from '../components/Loading';
import { useService } from '../di';
import { passwordChangeDialog, twoStepRequiredDialog } from '../features/account/lazyParts';
import { useSelector } from '../hooks/useSelector';

/**
 * `/admin` and everything under it: the console for an administrator; for anyone else the site's ordinary
 * 404 page, as the server answered (nothing reveals that a console exists). An administrator still on a
 * printed password changes it first, and one held to ADMIN_TWO_STEP=required sets up a second step.
 */
export default function ConsoleGate() {
  const session = useService(TOKENS.session);
  const checking = useSelector(session, (snapshot) => snapshot.matches('checking'));
  const user = useSelector(session, (snapshot) => snapshot.context.user);
  if (checking) return <Loading />;
  if (!isAdmin(user)) return <Layout />;
  if (user?.mustChangePassword) {
    return (
      <Suspense fallback={<Loading />}>
        <passwordChangeDialog.Component />
      </Suspense>
    );
  }
  if (user?.mustSetUpTwoStep) {
    return (
      <Suspense fallback={<Loading />}>
        <twoStepRequiredDialog.Component />
      </Suspense>
    );
  }
  return <Console />;
}

/** The console's code, styles and ports, fetched once an administrator opens `/admin` (never on the server). */
function Console() {
  const loader = useService(TOKENS.consoleLoader);
  const [ConsoleApp] = useState(() =>
    lazy(() => Promise.all([import('./ConsoleApp'), loader.load()]).then(([module]) => module)),
  );
  return (
    <Suspense fallback={<Loading />}>
      <ConsoleApp />
    </Suspense>
  );
}
