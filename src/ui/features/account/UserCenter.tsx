import * as zhCN from '../../../i18n/zh-CN';
// Comes with the page, not after it: its forms are what the server rendered, and a reader who typed into them
// before a deferred chunk arrived would lose the keystrokes and the click.
import { SignedInCenter } from './SignedInCenter';
import { useAccount } from './useAccount';

const text = zhCN.account.center;

/** The personal centre (spec section 2): a prompt to sign in, or the signed-in reader's centre. */
export function UserCenter() {
  const { loggedIn, openLogin } = useAccount();
  if (loggedIn) return <SignedInCenter />;
  return (
    <div className="user-center user-center--anonymous">
      <p>{text.loginFirst}</p>
      <button type="button" className="button button--primary" onClick={openLogin}>
        {text.goLogin}
      </button>
    </div>
  );
}
