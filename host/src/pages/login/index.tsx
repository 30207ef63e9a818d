import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert, Button, Input, Radio } from '@arco-design/web-react';
import { IconLock, IconUser } from '@arco-design/web-react/icon';
import type { Locale } from '@console/shared/contracts/locale';
import { afterLoginLocation } from '@console/shared/permission';
import {
  localeChanged,
  login,
  selectLocale,
  selectSessionEndReason,
  selectSiteName,
  useAppDispatch,
  useAppSelector,
} from '@console/shared/store';
import { LOCALE_OPTIONS } from '../../locale/localeOptions';
import { loginErrorMessage, sessionEndedMessage, type LoginErrorMessage } from './loginError';
import { hasSession } from './signedIn';
import './login.less';

/** The two fields, in the order a missing one is focused. */
const FIELDS = ['username', 'password'] as const;
type Field = (typeof FIELDS)[number];
type LoginValues = Record<Field, string>;

/**
 * The sign-in page. Its form is two inputs and a button, not Arco's Form: the Form brings its
 * grid, tooltips, validator and lodash (about 30 KB gzip) to the one page that must load little
 * more than React and what it draws (issue 16). Both fields are required; the server's contract
 * checks the rest and its refusal shows above the form.
 */
export default function LoginPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const locale = useAppSelector(selectLocale);
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [missing, setMissing] = useState<ReadonlySet<Field>>(new Set());
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<LoginErrorMessage | null>(null);
  const [submitted, setSubmitted] = useState(false);
  // A session that ended under an open page (the live channel said why): the headline until the
  // form is sent.
  const endedReason = useAppSelector(selectSessionEndReason);
  const shown = error ?? (submitted ? null : sessionEndedMessage(endedReason));
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const siteName = useAppSelector(selectSiteName);

  // Signed in already (a kept session, or back to `/`): on to the first page the user may see
  // (seed §2 sends `/` here; issue 25 defect 8).
  useEffect(() => {
    let left = false;
    void hasSession().then((signedIn) => {
      if (signedIn && !left) navigate(afterLoginLocation(location.search), { replace: true });
    });
    return () => {
      left = true;
    };
    // Once per visit of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const change = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // A required message goes as soon as the field has a value again.
    if (value && missing.has(field)) setMissing(new Set([...missing].filter((f) => f !== field)));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const empty = new Set(FIELDS.filter((field) => !values[field]));
    setMissing(empty);
    if (empty.size > 0) {
      inputs.current[FIELDS.find((f) => empty.has(f))!]?.focus();
      return;
    }
    setError(null);
    setSubmitted(true);
    setLoading(true);
    const result = await dispatch(login(values));
    setLoading(false);
    if (login.fulfilled.match(result))
      navigate(afterLoginLocation(location.search), { replace: true });
    else setError(loginErrorMessage(result.payload));
  };

  const field = (name: Field, input: (props: FieldProps) => JSX.Element) => {
    const invalid = missing.has(name);
    return (
      <div className="login-field" data-testid={`login-field-${name}`}>
        {input({
          name,
          value: values[name],
          onChange: change(name),
          status: invalid ? 'error' : undefined,
          'aria-invalid': invalid,
          'aria-describedby': `login-${name}-message`,
          'aria-required': true,
          ref: (el) => {
            inputs.current[name] = el?.dom ?? null;
          },
        })}
        <div className="login-field-message" id={`login-${name}-message`} role="alert">
          {invalid && intl.formatMessage({ id: `login.${name}.required` })}
        </div>
      </div>
    );
  };

  return (
    <div className="login-page">
      <div className="login-locale">
        {/* Two buttons, not the navbar's Select: the login page fetches little beyond its form. */}
        <Radio.Group
          type="button"
          size="small"
          value={locale}
          options={LOCALE_OPTIONS}
          data-testid="login-locale"
          onChange={(value: Locale) => dispatch(localeChanged(value))}
        />
      </div>
      <div className="login-card">
        <h1 className="login-title">
          {siteName ? (
            <FormattedMessage id="login.title.named" values={{ name: siteName }} />
          ) : (
            <FormattedMessage id="login.title" />
          )}
        </h1>
        <p className="login-subtitle">
          <FormattedMessage id="login.subtitle" />
        </p>
        {shown && (
          <Alert
            type="error"
            className="login-error"
            data-testid="login-error"
            title={intl.formatMessage({ id: shown.id }, shown.values)}
          />
        )}
        <form noValidate autoComplete="on" onSubmit={(e) => void submit(e)}>
          {field('username', (props) => (
            <Input
              {...props}
              prefix={<IconUser />}
              placeholder={intl.formatMessage({ id: 'login.username.placeholder' })}
              autoComplete="username"
            />
          ))}
          {field('password', (props) => (
            <Input.Password
              {...props}
              prefix={<IconLock />}
              placeholder={intl.formatMessage({ id: 'login.password.placeholder' })}
              autoComplete="current-password"
            />
          ))}
          <Button
            type="primary"
            htmlType="submit"
            long
            loading={loading}
            data-testid="login-submit"
          >
            <FormattedMessage id="login.submit" />
          </Button>
        </form>
      </div>
    </div>
  );
}

/** What each of the two inputs receives from its field. */
interface FieldProps {
  name: Field;
  value: string;
  onChange: (value: string) => void;
  status: 'error' | undefined;
  'aria-invalid': boolean;
  'aria-describedby': string;
  'aria-required': boolean;
  ref: (el: { dom: HTMLInputElement } | null) => void;
}
