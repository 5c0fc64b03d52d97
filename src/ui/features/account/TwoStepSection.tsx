import { useEffect, useState, type FormEvent } from 'react';
import { CurrentPasswordField } from './CurrentPasswordField';
import type { TwoStepSetUp, TwoStepStatus } from '../../../domain/account/account';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { useSiteInfo } from '../../hooks/useSiteInfo';
import * as zhCN from '../../../i18n/zh-CN';
import { OneTimeCodeField } from './OneTimeCodeField';
import { useFailureNotice } from './useFailureNotice';

const words = zhCN.twoStep.center;

/** The codes shown once: copied or downloaded as a .txt, then put away with 我已保存. */
function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const clipboard = useService(TOKENS.clipboard);
  const notifier = useService(TOKENS.notifier);
  const site = useSiteInfo()?.name ?? zhCN.site.defaultName;
  const file = [words.codesFileTitle(site), '', ...codes, ''].join('\n');
  const copy = async () => {
    try {
      await clipboard.write(codes.join('\n'));
      notifier.notify({ level: 'success', message: words.copied });
    } catch {
      notifier.notify({ level: 'error', message: zhCN.copy.failed });
    }
  };
  return (
    <div className="two-step__codes">
      <h3 className="user-center__subheading">{words.codesTitle}</h3>
      <p className="user-center__hint">{words.codesHint}</p>
      <ol className="two-step__code-list" aria-label={words.codesTitle}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="user-center__actions">
        <button type="button" className="button" onClick={() => void copy()}>
          {words.copy}
        </button>
        <a className="button" href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`} download={words.codesFileName}>
          {words.download}
        </a>
        <button type="button" className="button button--primary" onClick={onSaved}>
          {words.saved}
        </button>
      </div>
    </div>
  );
}

/** A QR code and the secret as text; a current code turns it on (and, if asked, signs the other devices out). */
function SetUp({ setUp, onEnabled, onCancel }: { setUp: TwoStepSetUp; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const api = useService(TOKENS.accountApi);
  const notifier = useService(TOKENS.notifier);
  const fail = useFailureNotice();
  const [code, setCode] = useState('');
  const [endOthers, setEndOthers] = useState(true);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMissing(code.trim() === '');
    if (code.trim() === '') return;
    setBusy(true);
    try {
      const { recoveryCodes, endedOthers } = await api.enableTwoStep(code.trim(), endOthers);
      notifier.notify({ level: 'success', message: endedOthers > 0 ? words.endedOthers(endedOthers) : words.enabled });
      onEnabled(recoveryCodes);
    } catch (error) {
      fail(error);
      setBusy(false);
    }
  };
  return (
    <form className="two-step__set-up" onSubmit={submit} noValidate>
      <p className="user-center__hint">{words.scan}</p>
      <img className="two-step__qr" src={setUp.qr} alt={words.qrAlt} width={192} height={192} />
      <p className="two-step__secret">
        {words.secret}：<code data-testid="two-step-secret">{setUp.secret}</code>
      </p>
      <OneTimeCodeField
        label={words.confirmCode}
        value={code}
        onChange={setCode}
        error={missing ? zhCN.twoStep.login.codeRequired : ''}
        maxLength={10}
      />
      <label className="two-step__check">
        <input type="checkbox" checked={endOthers} onChange={(e) => setEndOthers(e.target.checked)} />
        {words.endOthers}
      </label>
      <div className="user-center__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {words.enable}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onCancel}>
          {words.cancel}
        </button>
      </div>
    </form>
  );
}

/** Turning it off or renewing the recovery codes: the password and a code again. */
function Manage({ onDisabled, onRenewed }: { onDisabled: () => void; onRenewed: (codes: string[]) => void }) {
  const api = useService(TOKENS.accountApi);
  const notifier = useService(TOKENS.notifier);
  const fail = useFailureNotice();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<'password' | 'code' | null>(null);
  const run = async (action: 'disable' | 'renew') => {
    const missing = password === '' ? 'password' : code.trim() === '' ? 'code' : null;
    setProblem(missing);
    if (missing) return;
    setBusy(true);
    try {
      if (action === 'disable') {
        await api.disableTwoStep(password, code.trim());
        notifier.notify({ level: 'success', message: words.disabled });
        onDisabled();
      } else {
        const codes = await api.renewRecoveryCodes(password, code.trim());
        notifier.notify({ level: 'success', message: words.renewed });
        onRenewed(codes);
      }
    } catch (error) {
      fail(error);
      setBusy(false);
    }
  };
  return (
    <form className="two-step__manage" onSubmit={(event) => event.preventDefault()} noValidate>
      <p className="user-center__hint">{words.manage}</p>
      <CurrentPasswordField
        label={words.password}
        value={password}
        onChange={setPassword}
        error={problem === 'password' ? zhCN.twoStep.server.passwordRequired : ''}
      />
      <OneTimeCodeField
        label={words.code}
        value={code}
        onChange={setCode}
        error={problem === 'code' ? zhCN.twoStep.login.codeRequired : ''}
      />
      <div className="user-center__actions">
        <button type="button" className="button" disabled={busy} onClick={() => void run('renew')}>
          {words.renew}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void run('disable')}>
          {words.disable}
        </button>
      </div>
    </form>
  );
}

type View = { kind: 'status' } | { kind: 'setUp'; setUp: TwoStepSetUp } | { kind: 'codes'; codes: string[] };

/**
 * Two-step sign-in in the personal centre (and in the dialog ADMIN_TWO_STEP=required opens): turn it on
 * with an authenticator app, see the recovery codes once, turn it off or renew the codes.
 * `onDone` runs when the person has put the recovery codes away.
 */
export function TwoStepSection({ className = 'user-center__section', onDone }: { className?: string; onDone?: () => void }) {
  const api = useService(TOKENS.accountApi);
  const fail = useFailureNotice();
  const [status, setStatus] = useState<TwoStepStatus | null>(null);
  const [view, setView] = useState<View>({ kind: 'status' });
  const [starting, setStarting] = useState(false);

  // Read at mount and again after every change (the HTTP client reports a failure itself).
  const [reads, setReads] = useState(0);
  const refresh = () => setReads((n) => n + 1);
  useEffect(() => {
    let current = true;
    api.twoStepStatus().then(
      (read) => current && setStatus(read),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, reads]);

  const start = async () => {
    setStarting(true);
    try {
      setView({ kind: 'setUp', setUp: await api.startTwoStep() });
    } catch (error) {
      fail(error);
    } finally {
      setStarting(false);
    }
  };

  return (
    <section className={`${className} two-step`}>
      <h2 className="user-center__heading">{words.title}</h2>
      {view.kind === 'codes' ? (
        <RecoveryCodes
          codes={view.codes}
          onSaved={() => {
            setView({ kind: 'status' });
            refresh();
            onDone?.();
          }}
        />
      ) : view.kind === 'setUp' ? (
        <SetUp setUp={view.setUp} onEnabled={(codes) => setView({ kind: 'codes', codes })} onCancel={() => setView({ kind: 'status' })} />
      ) : status === null ? null : status.enabled ? (
        <>
          <p className="user-center__hint" data-testid="two-step-status">
            {words.on(status.recoveryCodesLeft)}
          </p>
          <Manage onDisabled={refresh} onRenewed={(codes) => setView({ kind: 'codes', codes })} />
        </>
      ) : (
        <>
          <p className="user-center__hint" data-testid="two-step-status">
            {words.off}
          </p>
          <button type="button" className="button button--primary" disabled={starting} onClick={() => void start()}>
            {words.start}
          </button>
        </>
      )}
    </section>
  );
}
