import { useSelector } from '../../hooks/useSelector';
import { Check, KeyRound, X } from 'lucide-react';
import { Checkbox, Dialog } from 'radix-ui';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  checkConfirmPassword,
  checkLoginPassword,
  checkLoginUsername,
  checkNickname,
  checkPasswordFormat,
  checkRegisterUsername,
  hasErrors,
  validateLogin,
  validateRegister,
  NICKNAME_MAX,
  PASSWORD_MAX,
  USERNAME_MAX,
  type FormErrors,
  type LoginForm,
  type RegisterForm,
  type ValidationKey,
} from '../../../domain/account/validation';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import { OneTimeCodeField } from './OneTimeCodeField';
import { usePasskeysSupported } from './usePasskeysSupported';
import './account.css';

const text = zhCN.account;

interface FieldProps {
  label: string;
  error: ValidationKey | undefined;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}

function Field({ label, error, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="auth-field" data-invalid={error !== undefined}>
      <label className="auth-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error !== undefined, 'aria-describedby': error ? errorId : undefined })}
      <p className="auth-field__error" id={errorId} role={error ? 'alert' : undefined}>
        {error ? zhCN.validation[error] : ''}
      </p>
    </div>
  );
}

function LoginFormView({ rememberedUsername, busy }: { rememberedUsername: string | null; busy: boolean }) {
  const session = useService(TOKENS.session);
  const passkeys = usePasskeysSupported();
  const [form, setForm] = useState<LoginForm>({ username: rememberedUsername ?? '', password: '' });
  const [remember, setRemember] = useState(rememberedUsername !== null);
  const [errors, setErrors] = useState<FormErrors<LoginForm>>({});
  const checks = { username: checkLoginUsername, password: checkLoginPassword } as const;

  const blur = (field: keyof LoginForm) => setErrors((e) => ({ ...e, [field]: checks[field](form[field]) ?? undefined }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(form);
    setErrors(found);
    if (hasErrors(found) || busy) return;
    session.send({ type: 'login.submit', request: { username: form.username, password: form.password, remember } });
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <Field label={text.username} error={errors.username}>
        {(props) => (
          <input
            {...props}
            className="auth-input"
            name="username"
            autoComplete="username"
            placeholder={text.usernamePlaceholder}
            maxLength={64}
            value={form.username}
            onChange={(e) => setForm({ ...form, username: e.target.value })}
            onBlur={() => blur('username')}
          />
        )}
      </Field>
      <Field label={text.password} error={errors.password}>
        {(props) => (
          <input
            {...props}
            className="auth-input"
            name="password"
            type="password"
            autoComplete="current-password"
            placeholder={text.passwordPlaceholder}
            maxLength={128}
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
            onBlur={() => blur('password')}
          />
        )}
      </Field>
      <label className="auth-remember">
        <Checkbox.Root
          className="auth-checkbox"
          checked={remember}
          onCheckedChange={(value) => setRemember(value === true)}
          name="remember"
        >
          <Checkbox.Indicator>
            <Check aria-hidden="true" />
          </Checkbox.Indicator>
        </Checkbox.Root>
        {text.rememberMe}
      </label>
      <button type="submit" className="button button--primary auth-submit" disabled={busy}>
        {busy ? text.submitting : text.submitLogin}
      </button>
      {passkeys && (
        // A passkey alone is both steps: no name, no password (the browser offers this site's passkeys).
        <button type="button" className="button auth-submit" disabled={busy} onClick={() => session.send({ type: 'passkey.submit', remember })}>
          <KeyRound aria-hidden="true" />
          {zhCN.twoStep.login.passkey}
        </button>
      )}
    </form>
  );
}

function RegisterFormView({ busy }: { busy: boolean }) {
  const session = useService(TOKENS.session);
  const [form, setForm] = useState<RegisterForm>({ username: '', nickName: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FormErrors<RegisterForm>>({});
  const check = (field: keyof RegisterForm, values: RegisterForm) => {
    switch (field) {
      case 'username':
        return checkRegisterUsername(values.username);
      case 'nickName':
        return checkNickname(values.nickName);
      case 'password':
        return checkPasswordFormat(values.password);
      case 'confirmPassword':
        return checkConfirmPassword(values.password, values.confirmPassword);
    }
  };
  const blur = (field: keyof RegisterForm) => setErrors((e) => ({ ...e, [field]: check(field, form) ?? undefined }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRegister(form);
    setErrors(found);
    if (hasErrors(found) || busy) return;
    session.send({
      type: 'register.submit',
      request: { username: form.username, nickName: form.nickName, password: form.password },
    });
  };
  const input =
    (field: keyof RegisterForm, extra: { type?: string; autoComplete: string; placeholder: string; maxLength: number }) =>
    (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => (
      <input
        {...props}
        {...extra}
        className="auth-input"
        name={field}
        value={form[field]}
        onChange={(e) => setForm({ ...form, [field]: e.target.value })}
        onBlur={() => blur(field)}
      />
    );

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <Field label={text.username} error={errors.username}>
        {input('username', { autoComplete: 'username', placeholder: text.usernamePlaceholder, maxLength: USERNAME_MAX + 8 })}
      </Field>
      <Field label={text.nickname} error={errors.nickName}>
        {input('nickName', { autoComplete: 'nickname', placeholder: text.nicknamePlaceholder, maxLength: NICKNAME_MAX + 8 })}
      </Field>
      <Field label={text.registerPassword} error={errors.password}>
        {input('password', {
          type: 'password',
          autoComplete: 'new-password',
          placeholder: text.registerPasswordPlaceholder,
          maxLength: PASSWORD_MAX + 8,
        })}
      </Field>
      <Field label={text.confirmPassword} error={errors.confirmPassword}>
        {input('confirmPassword', {
          type: 'password',
          autoComplete: 'new-password',
          placeholder: text.confirmPlaceholder,
          maxLength: PASSWORD_MAX + 8,
        })}
      </Field>
      <button type="submit" className="button button--primary auth-submit" disabled={busy}>
        {busy ? text.submitting : text.submitRegister}
      </button>
    </form>
  );
}

/** The second step after the right password: one of the account's passkeys, or a code from the app or a recovery code. */
function SecondStepFormView({ busy }: { busy: boolean }) {
  const session = useService(TOKENS.session);
  const methods = useSelector(session, (s) => s.context.secondStepMethods);
  const passkeys = usePasskeysSupported() && methods?.passkey === true;
  const words = zhCN.twoStep.login;
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(code.trim() === '');
    if (code.trim() === '' || busy) return;
    session.send({ type: 'secondStep.submit', code });
  };
  const passkeyButton = passkeys && (
    <button type="button" className="button button--primary auth-submit" disabled={busy} onClick={() => session.send({ type: 'secondStep.passkey' })}>
      <KeyRound aria-hidden="true" />
      {words.passkeyStep}
    </button>
  );
  if (methods?.code === false) {
    return (
      <div className="auth-form">
        <p className="auth-dialog__description">{words.passkeyHint}</p>
        {passkeyButton}
      </div>
    );
  }
  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      {passkeyButton}
      <p className="auth-dialog__description">{passkeys ? words.or : words.hint}</p>
      <OneTimeCodeField
        label={words.code}
        value={code}
        onChange={setCode}
        error={missing ? words.codeRequired : ''}
        placeholder={words.codePlaceholder}
        autoFocus={!passkeys}
      />
      <button type="submit" className="button button--primary auth-submit" disabled={busy}>
        {busy ? text.submitting : words.submit}
      </button>
    </form>
  );
}

/** The login and register dialog of spec section 2, driven by the session machine. */
export default function LoginDialog() {
  const session = useService(TOKENS.session);
  const mode = useSelector(session, (s) => s.context.dialog);
  const busy = useSelector(session, (s) => s.hasTag('busy'));
  const rememberedUsername = useSelector(session, (s) => s.context.rememberedUsername);
  const secondStep = useSelector(session, (s) => s.matches('secondStep'));
  const open = mode !== 'closed';
  const title = secondStep ? zhCN.twoStep.login.title : mode === 'register' ? text.registerTitle : text.loginTitle;

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && session.send({ type: 'dialog.close' })}>
      <Dialog.Portal>
        <Dialog.Overlay className="auth-overlay" />
        <Dialog.Content className="auth-dialog" aria-describedby={undefined}>
          <Dialog.Title className="auth-dialog__title">{title}</Dialog.Title>
          <Dialog.Close asChild>
            <button type="button" className="icon-button auth-dialog__close" aria-label={text.close}>
              <X aria-hidden="true" />
            </button>
          </Dialog.Close>
          {/* Keyed by mode: switching starts a clean form, as the spec's reset does. */}
          {secondStep ? (
            <SecondStepFormView key="second-step" busy={busy} />
          ) : mode === 'register' ? (
            <RegisterFormView key="register" busy={busy} />
          ) : (
            <LoginFormView key="login" rememberedUsername={rememberedUsername} busy={busy} />
          )}
          {secondStep ? (
            // Giving the second step up ends this sign-in; the dialog opens again on the password.
            <button
              type="button"
              className="auth-switch"
              onClick={() => {
                session.send({ type: 'dialog.close' });
                session.send({ type: 'dialog.open' });
              }}
            >
              {zhCN.twoStep.login.back}
            </button>
          ) : (
            <button
              type="button"
              className="auth-switch"
              onClick={() => session.send({ type: 'dialog.mode', mode: mode === 'register' ? 'login' : 'register' })}
            >
              {mode === 'register' ? text.toLogin : text.toRegister}
            </button>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
