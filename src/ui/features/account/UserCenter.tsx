import { memo, Suspense } from 'react';
import { Loading } from '../../components/Loading';
import { lazyPart } from '../../hooks/lazyPart';
import * as zhCN from '../../../i18n/zh-CN';
import { useAccount } from './useAccount';
import './account.css';
import './userCenter.css';
// The signed-in centre's styles come with the page: its server markup is styled before its code arrives.
import '../content/content.css';
import '../messages/messages.css';

const text = zhCN.account.center;

// A reader's centre (its forms, switch, own posts and their dialogs) is its own chunk: a visitor's first
// load carries only the prompt to sign in. Fetched when the browser is idle, so a sign-in on this page
// shows it at once.
const signedInCenter = lazyPart(() => import('./SignedInCenter'), { idle: 'login' });

/**
 * Without props and memoised: while the server's markup of a signed-in centre waits for its code, no
 * update of the page around it reaches the boundary (React would drop the markup and show the fallback).
 */
const SignedIn = memo(function SignedIn() {
  return (
    <Suspense fallback={<Loading />}>
      <signedInCenter.Component />
    </Suspense>
  );
});

/** The personal centre (spec section 2): a prompt to sign in, or the signed-in reader's centre. */
export function UserCenter() {
  const { loggedIn, openLogin } = useAccount();
  if (loggedIn) return <SignedIn />;
  return (
    <div className="user-center user-center--anonymous">
      <p>{text.loginFirst}</p>
      <button type="button" className="button button--primary" onClick={openLogin}>
        {text.goLogin}
      </button>
    </div>
  );
}
