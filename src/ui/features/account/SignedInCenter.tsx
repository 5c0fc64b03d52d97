import { Bell, Camera, LogOut } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { displayName, isAdmin, type UserInfo } from '../../../domain/account/account';
import { checkProfileNickname, type ValidationKey } from '../../../domain/account/validation';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import { openDrawer } from '../notifications/openDrawer';
import { Avatar } from './Avatar';
import { EmailSection } from './EmailSection';
import { LinkReview } from './LinkReview';
import { MyMessages } from './MyMessages';
import { PasswordChangeForm } from './PasswordChangeForm';
import { useAccount } from './useAccount';
import { useFailureNotice } from './useFailureNotice';
import { SessionsSection } from './SessionsSection';
import { TwoStepSection } from './TwoStepSection';
import { PasskeySection } from './PasskeySection';
import './account.css';
import './userCenter.css';

const text = zhCN.account.center;

function AvatarSection({ user }: { user: UserInfo }) {
  const api = useService(TOKENS.accountApi);
  const session = useService(TOKENS.session);
  const notifier = useService(TOKENS.notifier);
  const fail = useFailureNotice();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    // A file above the server's limit is refused by the API before anything is sent (see AccountApi).
    setUploading(true);
    try {
      const url = await api.uploadImage(file, file.name);
      session.send({ type: 'user.updated', user: await api.updateProfile({ avatar: url }) });
      notifier.notify({ level: 'success', message: text.avatarUpdated });
    } catch (error) {
      fail(error);
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <section className="user-center__section user-center__avatar">
      <Avatar user={user} size={96} />
      <div className="user-center__avatar-change">
        <button type="button" className="button" disabled={uploading} onClick={() => input.current?.click()}>
          <Camera aria-hidden="true" />
          {uploading ? text.uploading : text.changeAvatar}
        </button>
        <p className="user-center__hint">{text.avatarHint}</p>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          hidden
          data-testid="avatar-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
      </div>
    </section>
  );
}

function ProfileSection({ user }: { user: UserInfo }) {
  const api = useService(TOKENS.accountApi);
  const session = useService(TOKENS.session);
  const notifier = useService(TOKENS.notifier);
  const fail = useFailureNotice();
  const id = useId();
  const [nickName, setNickName] = useState(user.nickName);
  const [error, setError] = useState<ValidationKey | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkProfileNickname(nickName);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      const updated = await api.updateProfile({ nickName });
      session.send({ type: 'user.updated', user: updated });
      setNickName(updated.nickName);
      notifier.notify({ level: 'success', message: text.profileSaved });
    } catch (failure) {
      fail(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="user-center__section" onSubmit={submit} noValidate>
      <h2 className="user-center__heading">{text.profile}</h2>
      <dl className="user-center__facts">
        <dt>{text.account}</dt>
        <dd>{user.username ?? ''}</dd>
        <dt>{text.role}</dt>
        <dd>{isAdmin(user) ? text.admin : text.member}</dd>
      </dl>
      <div className="auth-field" data-invalid={error !== null}>
        <label className="auth-field__label" htmlFor={id}>
          {text.nickname}
        </label>
        <input
          id={id}
          className="auth-input"
          name="nickName"
          value={nickName}
          maxLength={40}
          onChange={(e) => setNickName(e.target.value)}
          onBlur={() => setError(checkProfileNickname(nickName))}
        />
        <p className="auth-field__error" role={error ? 'alert' : undefined}>
          {error ? zhCN.validation[error] : ''}
        </p>
      </div>
      <button type="submit" className="button button--primary" disabled={saving}>
        {text.saveProfile}
      </button>
    </form>
  );
}

function PasswordSection() {
  return (
    <PasswordChangeForm className="user-center__section" header={<h2 className="user-center__heading">{text.passwordSection}</h2>} />
  );
}

/** The personal centre of the signed-in user: avatar, nickname, password, email and own posts; link review for the administrator. */
export function SignedInCenter() {
  const { user, admin, logout, busy } = useAccount();
  const notifications = useService(TOKENS.notifications);
  if (!user) return null;

  return (
    <div className="user-center">
      <header className="user-center__top">
        <AvatarSection user={user} />
        <div className="user-center__who">
          <p className="user-center__name">{displayName(user)}</p>
          <div className="user-center__actions">
            <button type="button" className="button" onClick={() => openDrawer(notifications)}>
              <Bell aria-hidden="true" />
              {text.myMessages}
            </button>
            <button type="button" className="button" disabled={busy} onClick={logout}>
              <LogOut aria-hidden="true" />
              {text.logout}
            </button>
          </div>
        </div>
      </header>
      {/* Keyed by user: another sign-in in this tab starts from that user's values. */}
      <div className="user-center__grid" key={user.id}>
        <ProfileSection user={user} />
        <PasswordSection />
        <EmailSection />
        <TwoStepSection />
        <PasskeySection />
      </div>
      <SessionsSection key={`sessions-${user.id}`} />
      <MyMessages key={`messages-${user.id}`} userId={user.id} />
      {admin && <LinkReview key={`links-${user.id}`} />}
    </div>
  );
}
