import * as zhCN from '../../../i18n/zh-CN';
// Comes with the page, not after it: its forms are what the server rendered, and a reader who typed into them
// before a deferred chunk arrived would lose the keystrokes and the click.
import { SignedInCenter } from './SignedInCenter';
import { useAccount } from './useAccount';
import { useSearchParams } from 'react-router-dom';
import { NOT_ME_PARAM } from '../../../domain/account/notMeLink';
import { NotMePanel } from './NotMePanel';

const text = zhCN.account.center;

/** The personal centre (spec section 2): a prompt to sign in, or the signed-in reader's centre. */
export function UserCenter() {
  const { loggedIn, openLogin } = useAccount();
  const [search] = useSearchParams();
  // A new sign-in's 「不是我」 link: signed in or not (the email may be read anywhere).
  const notMe = search.get(NOT_ME_PARAM);
  if (notMe) return <NotMePanel token={notMe} />;
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
