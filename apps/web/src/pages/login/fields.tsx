import { useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';

// The login page's own small form kit, in plain elements and login.css: the page is the first thing every member
// waits for, so it is drawn without antd (decision 101). Same behaviour as the portal's forms: a field's message
// under it, checked again as it is corrected, the first wrong field focused on submit.

type Check = (value: string) => string | null;

export function useLoginForm<K extends string>(initial: Record<K, string>, checks: Partial<Record<K, Check>>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const checkOf = (key: K, value: string) => checks[key]?.(value) ?? undefined;

  function set(key: K, value: string) {
    setValues((v) => ({ ...v, [key]: value }));
    // A field already marked wrong is checked again as it is corrected.
    if (errors[key] !== undefined) setErrors((e) => ({ ...e, [key]: checkOf(key, value) }));
  }

  // Checks every field; focuses the first wrong one. True when all pass.
  function validate(): boolean {
    const next: Partial<Record<K, string>> = {};
    for (const key of Object.keys(checks) as K[]) {
      const message = checkOf(key, values[key]);
      if (message) next[key] = message;
    }
    setErrors(next);
    const first = (Object.keys(checks) as K[]).find((k) => next[k]);
    if (first) document.getElementById(first)?.focus();
    return !first;
  }

  // The props of the field's input: id and name are the key (e2e tests and password managers find it by them).
  function input(key: K) {
    return {
      id: key,
      name: key,
      value: values[key],
      onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
      'aria-invalid': errors[key] ? true : undefined,
      'aria-describedby': errors[key] ? `${key}-error` : undefined,
    };
  }

  return { values, errors, set, validate, input };
}

export function Field(props: { id: string; label: string; error?: string; extra?: string; children: ReactNode }) {
  const { id, label, error, extra, children } = props;
  return (
    <div className={error ? 'login-field has-error' : 'login-field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <div id={`${id}-error`} className="login-field-error" role="alert">
          {error}
        </div>
      )}
      {extra && <div className="login-field-extra">{extra}</div>}
    </div>
  );
}

export function TextInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input type="text" className="login-input" {...props} />;
}

// A password input with a show/hide switch (as antd's Input.Password has).
export function PasswordInput(props: InputHTMLAttributes<HTMLInputElement> & { showLabel: string; hideLabel: string }) {
  const { showLabel, hideLabel, ...rest } = props;
  const [shown, setShown] = useState(false);
  return (
    <div className="login-password">
      <input className="login-input" {...rest} type={shown ? 'text' : 'password'} />
      <button
        type="button"
        className="login-eye"
        aria-label={shown ? hideLabel : showLabel}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 5C6.5 5 2.7 9.1 1.5 12c1.2 2.9 5 7 10.5 7s9.3-4.1 10.5-7C21.3 9.1 17.5 5 12 5zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z"
          />
          {shown ? null : <path stroke="currentColor" strokeWidth="2" d="M3 3l18 18" />}
        </svg>
      </button>
    </div>
  );
}

export function SubmitButton(props: { busy: boolean; testId: string; children: ReactNode }) {
  return (
    <button type="submit" className="login-btn login-btn-primary" aria-busy={props.busy} data-testid={props.testId}>
      {props.busy && <span className="login-spinner" aria-hidden="true" />}
      {props.children}
    </button>
  );
}

// A link-styled button under the form (another way to the code, a forgotten password).
export function LinkButton(props: { onClick: () => void; testId: string; className?: string; children: ReactNode }) {
  return (
    <button
      type="button"
      className={`login-btn login-btn-link${props.className ? ` ${props.className}` : ''}`}
      onClick={props.onClick}
      data-testid={props.testId}
    >
      {props.children}
    </button>
  );
}
