// Basic information (seed §3, §5): email, nickname, country/region and area required; address;
// profile at most 200 words. Validated with the shared contract, saved with its version.
import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Form, Input, Message, Select, Space, Spin } from '@arco-design/web-react';
import { profileBody, type ProfileInfo } from '@console/shared/contracts/profile';
import { apiErrorEnvelope, profileApi } from '@console/shared/api';
import { fetchUserInfo, useAppDispatch } from '@console/shared/store';
import { AvatarUpload } from './AvatarUpload';
import { contractRule, showFieldErrors } from './contractRules';

type FormValues = Omit<ProfileInfo, 'avatar' | 'version'>;
const COUNTRIES = ['china', 'other'] as const;

export function BasicInfoForm() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<FormValues>();
  const [info, setInfo] = useState<ProfileInfo | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(() => {
    profileApi.profile().then(
      (p) => {
        setInfo(p);
        form.setFieldsValue(p);
      },
      () => undefined,
    );
  }, [form]);
  useEffect(load, [load]);

  const shape = profileBody.shape;
  const save = async () => {
    if (!info) return;
    const values = await form.validate();
    setSaving(true);
    try {
      const saved = await profileApi.updateProfile({ ...values, version: info.version });
      setInfo(saved);
      Message.success(t('form.saved'));
      void dispatch(fetchUserInfo());
    } catch (error) {
      const envelope = apiErrorEnvelope(error);
      if (!showFieldErrors(intl, form, envelope?.fields))
        Message.error(envelope?.msg ?? t('messageBox.loadFailed'));
      if (envelope?.error === 'STALE_VERSION') load();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Spin loading={!info} style={{ display: 'block' }}>
      <AvatarUpload
        avatar={info?.avatar ?? ''}
        onUploaded={(avatar) => info && setInfo({ ...info, avatar })}
      />
      <Form
        form={form}
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 16 }}
        style={{ maxWidth: 640 }}
        data-testid="basic-info-form"
      >
        <Form.Item
          field="email"
          label={t('userSetting.email')}
          required
          rules={[contractRule(intl, shape.email)]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          field="nickname"
          label={t('userSetting.nickname')}
          required
          rules={[contractRule(intl, shape.nickname)]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          field="countryRegion"
          label={t('userSetting.countryRegion')}
          required
          rules={[contractRule(intl, shape.countryRegion)]}
        >
          <Select
            data-testid="country-select"
            options={COUNTRIES.map((c) => ({ value: c, label: t(`userSetting.country.${c}`) }))}
            allowCreate
          />
        </Form.Item>
        <Form.Item
          field="area"
          label={t('userSetting.area')}
          required
          rules={[contractRule(intl, shape.area)]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          field="address"
          label={t('userSetting.address')}
          rules={[contractRule(intl, shape.address)]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          field="profile"
          label={t('userSetting.profile')}
          rules={[contractRule(intl, shape.profile)]}
        >
          <Input.TextArea
            placeholder={t('userSetting.profile.placeholder')}
            autoSize={{ minRows: 3 }}
          />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 5 }}>
          <Space>
            <Button
              type="primary"
              loading={saving}
              onClick={() => void save()}
              data-testid="basic-info-save"
            >
              {t('form.save')}
            </Button>
            <Button onClick={() => info && form.setFieldsValue(info)}>{t('form.reset')}</Button>
          </Space>
        </Form.Item>
      </Form>
    </Spin>
  );
}
