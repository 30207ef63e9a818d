// Basic information (seed §3, §5): email, nickname, country/region and area required; address;
// profile at most 200 words. Validated with the shared contract, saved with its version.
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Button, Form, Input, Message, Select, Space, Spin } from '@arco-design/web-react';
import { profileBody, type ProfileInfo } from '@console/shared/contracts/profile';
import { apiErrorEnvelope, useProfileQuery, useUpdateProfileMutation } from '@console/shared/api';
import { fetchUserInfo, useAppDispatch } from '@console/shared/store';
import { ContractForm, ContractItem, validateForm } from '@console/shared/components/contract-form';
import { AvatarUpload } from './AvatarUpload';
import { contractRule, showFieldErrors } from './contractRules';

type FormValues = Omit<ProfileInfo, 'avatar' | 'version'>;
/** The fields the form edits: the update contract's, but the version. */
const FIELDS = Object.keys(profileBody.shape).filter(
  (k) => k !== 'version',
) as (keyof FormValues)[];
const COUNTRIES = ['china', 'other'] as const;

export function BasicInfoForm() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<FormValues>();
  const profile = useProfileQuery();
  const info = profile.data ?? null;
  // The mutation caches the saved profile and refetches what profile.updated names.
  const [updateProfile, { isLoading: saving }] = useUpdateProfileMutation();
  // The form shows the profile as the server has it, once per version (a load, a save, a
  // stale retry); an avatar upload keeps the version and so leaves unsaved edits alone.
  const version = info?.version;
  useEffect(() => {
    if (info) form.setFieldsValue(info);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per version, not per avatar
  }, [version, form]);
  const load = () => void profile.refetch();

  const shape = profileBody.shape;
  const save = async () => {
    if (!info) return;
    const values = await validateForm(form);
    if (!values) return;
    try {
      // Every field of the contract, an emptied one as '' (the update requires them all).
      const body = Object.fromEntries(FIELDS.map((k) => [k, values[k] ?? ''])) as FormValues;
      await updateProfile({ ...body, version: info.version }).unwrap();
      Message.success(t('form.saved'));
      void dispatch(fetchUserInfo());
    } catch (error) {
      const envelope = apiErrorEnvelope(error);
      if (!showFieldErrors(intl, form, envelope?.fields))
        Message.error(envelope?.msg ?? t('messageBox.loadFailed'));
      if (envelope?.error === 'STALE_VERSION') load();
    }
  };

  return (
    <Spin loading={!info} style={{ display: 'block' }}>
      <AvatarUpload avatar={info?.avatar ?? ''} />
      <ContractForm
        schema={profileBody}
        form={form}
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 16 }}
        style={{ maxWidth: 640 }}
        data-testid="basic-info-form"
      >
        <ContractItem
          field="email"
          label={t('userSetting.email')}
          rules={[contractRule(intl, shape.email)]}
        >
          <Input />
        </ContractItem>
        <ContractItem
          field="nickname"
          label={t('userSetting.nickname')}
          rules={[contractRule(intl, shape.nickname)]}
        >
          <Input />
        </ContractItem>
        <ContractItem
          field="countryRegion"
          label={t('userSetting.countryRegion')}
          rules={[contractRule(intl, shape.countryRegion)]}
        >
          <Select
            data-testid="country-select"
            options={COUNTRIES.map((c) => ({ value: c, label: t(`userSetting.country.${c}`) }))}
            allowCreate
          />
        </ContractItem>
        <ContractItem
          field="area"
          label={t('userSetting.area')}
          rules={[contractRule(intl, shape.area)]}
        >
          <Input />
        </ContractItem>
        <ContractItem
          field="address"
          label={t('userSetting.address')}
          rules={[contractRule(intl, shape.address)]}
        >
          <Input />
        </ContractItem>
        <ContractItem
          field="profile"
          label={t('userSetting.profile')}
          rules={[contractRule(intl, shape.profile)]}
        >
          <Input.TextArea
            placeholder={t('userSetting.profile.placeholder')}
            autoSize={{ minRows: 3 }}
          />
        </ContractItem>
        <ContractItem wrapperCol={{ offset: 5 }}>
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
        </ContractItem>
      </ContractForm>
    </Spin>
  );
}
