import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert, Button, Form, Input, Radio } from '@arco-design/web-react';
import { ContractForm, ContractItem } from '@console/shared/components/contract-form';
import { IconLock, IconUser } from '@arco-design/web-react/icon';
import type { Locale } from '@console/shared/contracts/locale';
import { afterLoginLocation } from '@console/shared/permission';
import {
  localeChanged,
  login,
  selectLocale,
  useAppDispatch,
  useAppSelector,
} from '@console/shared/store';
import { LOCALE_OPTIONS } from '../../locale/localeOptions';
import { loginErrorMessage, type LoginErrorMessage } from './loginError';
import './login.less';

/**
 * The sign-in contract, fetched when the form is first focused: it and zod under it are no part
 * of the login page's first load (issue 16).
 */
const loginContract = () => import('@console/shared/contracts/auth').then((m) => m.loginBody);

interface LoginValues {
  username: string;
  password: string;
}

export default function LoginPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const locale = useAppSelector(selectLocale);
  const [form] = Form.useForm<LoginValues>();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<LoginErrorMessage | null>(null);

  const onSubmit = async (values: LoginValues) => {
    setError(null);
    setLoading(true);
    const result = await dispatch(login(values));
    setLoading(false);
    if (login.fulfilled.match(result))
      navigate(afterLoginLocation(location.search), { replace: true });
    else setError(loginErrorMessage(result.payload));
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
          <FormattedMessage id="login.title" />
        </h1>
        <p className="login-subtitle">
          <FormattedMessage id="login.subtitle" />
        </p>
        {error && (
          <Alert
            type="error"
            className="login-error"
            data-testid="login-error"
            title={intl.formatMessage({ id: error.id })}
            content={
              error.detail && intl.formatMessage({ id: error.detail.id }, error.detail.values)
            }
          />
        )}
        <ContractForm
          schema={loginContract}
          form={form}
          layout="vertical"
          onSubmit={(values: LoginValues) => void onSubmit(values)}
          autoComplete="on"
        >
          <ContractItem
            field="username"
            rules={[
              { required: true, message: intl.formatMessage({ id: 'login.username.required' }) },
            ]}
          >
            <Input
              name="username"
              prefix={<IconUser />}
              placeholder={intl.formatMessage({ id: 'login.username.placeholder' })}
              autoComplete="username"
            />
          </ContractItem>
          <ContractItem
            field="password"
            rules={[
              { required: true, message: intl.formatMessage({ id: 'login.password.required' }) },
            ]}
          >
            <Input.Password
              name="password"
              prefix={<IconLock />}
              placeholder={intl.formatMessage({ id: 'login.password.placeholder' })}
              autoComplete="current-password"
            />
          </ContractItem>
          <Button
            type="primary"
            htmlType="submit"
            long
            loading={loading}
            data-testid="login-submit"
          >
            <FormattedMessage id="login.submit" />
          </Button>
        </ContractForm>
      </div>
    </div>
  );
}
