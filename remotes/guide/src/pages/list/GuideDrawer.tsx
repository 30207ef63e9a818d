// Create and edit a guide in a drawer: grouped fields, validated with the shared contract
// (messages in both languages from GUIDE_VALIDATION_MESSAGES), server field errors shown on
// their fields.
import { useEffect, useState } from 'react';
import {
  DatePicker,
  Divider,
  Drawer,
  Form,
  Grid,
  Input,
  InputNumber,
  Message,
  Select,
} from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import {
  EMPLOYMENT_TYPES,
  GENDERS,
  GUIDE_LEVELS,
  GUIDE_LIMITS,
  LICENCE_TYPES,
  guideCreateBody,
  guideUpdateBody,
  type Guide,
} from '@console/shared';
import { apiErrorEnvelope, showApiError } from '@console/shared/api';
import { guideApi } from '../../api';
import { CertificationFields, LanguageFields } from './GuideFormLists';
import { useEnumLabel, useGuideDictionaries, useValidationText } from '../../hooks';

/** zod / server path (`languages.0.language`) → Arco field name (`languages[0].language`). */
const fieldName = (path: readonly PropertyKey[] | string) =>
  (typeof path === 'string' ? path.split('.') : path.map(String))
    .map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`))
    .join('');

const EMPTY = {
  gender: 'female',
  employmentType: 'staff',
  licenceType: 'national',
  level: 'junior',
  maxGroupSize: 40,
  languages: [{ language: 'zh', proficiency: 'native' }],
  specialties: [],
  certifications: [],
};

function toForm(g: Guide) {
  return {
    ...g,
    certifications: g.certifications.map(({ spotId, validUntil }) => ({ spotId, validUntil })),
  };
}

export function GuideDrawer(props: {
  /** The guide to edit; null creates a new one. */
  guide: Guide | null;
  visible: boolean;
  onClose(): void;
  onSaved(guide: Guide): void;
}) {
  const { guide, visible } = props;
  const intl = useIntl();
  const label = useEnumLabel();
  const text = useValidationText();
  const dict = useGuideDictionaries();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [spots, setSpots] = useState<{ id: number; code: string; name: string }[]>([]);
  const t = (id: string) => intl.formatMessage({ id: `guide.field.${id}` });

  useEffect(() => {
    if (!visible) return;
    form.resetFields();
    form.setFieldsValue(guide ? toForm(guide) : EMPTY);
    guideApi
      .spots()
      .then((page) => setSpots(page.list))
      .catch(() => setSpots([]));
  }, [visible, guide, form]);

  const submit = async () => {
    const values = form.getFieldsValue() as Record<string, unknown>;
    const input = {
      code: '',
      name: '',
      email: '',
      emergencyContactName: '',
      emergencyContactPhone: '',
      avatar: '',
      homeCity: '',
      ...Object.fromEntries(
        Object.entries(values).filter(([, v]) => v !== undefined && v !== null),
      ),
      languages: ((values.languages as unknown[]) ?? []).filter(Boolean),
      specialties: (values.specialties as string[]) ?? [],
      certifications: ((values.certifications as unknown[]) ?? []).filter(Boolean),
      ...(guide ? { version: guide.version } : {}),
    };
    const keys = Object.keys(guide ? guideUpdateBody.shape : guideCreateBody.shape);
    const body = Object.fromEntries(Object.entries(input).filter(([k]) => keys.includes(k)));
    const parsed = (guide ? guideUpdateBody : guideCreateBody).safeParse(body);
    if (!parsed.success) {
      const fields: Record<string, { error: { message: string } }> = {};
      for (const issue of parsed.error.issues) {
        const name = fieldName(issue.path);
        // A field left empty reaches the contract as undefined: say "required", not zod's text.
        const code = issue.code === 'invalid_type' ? 'required' : issue.message;
        fields[name] ??= { error: { message: text(code) } };
      }
      form.setFields(fields);
      Message.error(intl.formatMessage({ id: 'guide.message.fixErrors' }));
      return;
    }
    setSaving(true);
    try {
      const saved = guide
        ? await guideApi.update(guide.id, parsed.data as never)
        : await guideApi.create(parsed.data as never);
      Message.success(
        intl.formatMessage({ id: guide ? 'guide.message.saved' : 'guide.message.created' }),
      );
      props.onSaved(saved);
    } catch (err) {
      const envelope = apiErrorEnvelope(err);
      if (envelope?.fields?.length) {
        form.setFields(
          Object.fromEntries(
            envelope.fields.map((f) => [
              fieldName(f.path),
              { error: { message: text(f.message) } },
            ]),
          ),
        );
      }
      showApiError(err);
    } finally {
      setSaving(false);
    }
  };

  const col = (node: React.ReactNode) => <Grid.Col span={12}>{node}</Grid.Col>;
  const options = (group: string, values: readonly string[]) =>
    values.map((v) => ({ value: v, label: label(group, v) }));

  return (
    <Drawer
      width={720}
      title={
        guide
          ? intl.formatMessage({ id: 'guide.drawer.edit' }, { name: guide.name })
          : intl.formatMessage({ id: 'guide.drawer.create' })
      }
      visible={visible}
      onCancel={props.onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={intl.formatMessage({ id: 'guide.action.save' })}
      cancelText={intl.formatMessage({ id: 'guide.action.cancel' })}
      unmountOnExit
    >
      <Form form={form} layout="vertical" data-testid="guide-form">
        <Divider orientation="left">{intl.formatMessage({ id: 'guide.group.identity' })}</Divider>
        <Grid.Row gutter={16}>
          {col(
            <Form.Item label={t('code')} field="code">
              <Input
                placeholder={intl.formatMessage({ id: 'guide.placeholder.codeAuto' })}
                maxLength={GUIDE_LIMITS.codeMax}
              />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('name')} field="name" required>
              <Input maxLength={GUIDE_LIMITS.nameMax} data-testid="field-name" />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('gender')} field="gender" required>
              <Select options={options('gender', GENDERS)} />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('birthDate')} field="birthDate" required>
              <DatePicker style={{ width: '100%' }} data-testid="field-birthDate" />
            </Form.Item>,
          )}
        </Grid.Row>
        <Divider orientation="left">{intl.formatMessage({ id: 'guide.group.contact' })}</Divider>
        <Grid.Row gutter={16}>
          {col(
            <Form.Item label={t('phone')} field="phone" required>
              <Input maxLength={11} data-testid="field-phone" />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('email')} field="email">
              <Input maxLength={GUIDE_LIMITS.emailMax} />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('emergencyContactName')} field="emergencyContactName">
              <Input maxLength={GUIDE_LIMITS.nameMax} />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('emergencyContactPhone')} field="emergencyContactPhone">
              <Input maxLength={11} />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('homeCity')} field="homeCity">
              <Input maxLength={GUIDE_LIMITS.cityMax} data-testid="field-homeCity" />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('employmentType')} field="employmentType" required>
              <Select options={options('employment', EMPLOYMENT_TYPES)} />
            </Form.Item>,
          )}
        </Grid.Row>
        <Divider orientation="left">{intl.formatMessage({ id: 'guide.group.licence' })}</Divider>
        <Grid.Row gutter={16}>
          {col(
            <Form.Item label={t('licenceNo')} field="licenceNo" required>
              <Input maxLength={GUIDE_LIMITS.licenceNoMax} data-testid="field-licenceNo" />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('licenceType')} field="licenceType" required>
              <Select options={options('licenceType', LICENCE_TYPES)} />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('level')} field="level" required>
              <Select options={options('level', GUIDE_LEVELS)} />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('levelObtainedOn')} field="levelObtainedOn" required>
              <DatePicker style={{ width: '100%' }} data-testid="field-levelObtainedOn" />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('licenceExpiry')} field="licenceExpiry" required>
              <DatePicker style={{ width: '100%' }} data-testid="field-licenceExpiry" />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('maxGroupSize')} field="maxGroupSize" required>
              <InputNumber
                min={GUIDE_LIMITS.groupSizeMin}
                max={GUIDE_LIMITS.groupSizeMax}
                precision={0}
              />
            </Form.Item>,
          )}
        </Grid.Row>
        <Divider orientation="left">{intl.formatMessage({ id: 'guide.group.skills' })}</Divider>
        <LanguageFields dict={dict} />
        <Form.Item label={t('specialties')} field="specialties">
          <Select
            mode="multiple"
            allowClear
            options={dict.specialties.map((s) => ({
              value: s.value,
              label: dict.specialtyLabel(s.value),
            }))}
          />
        </Form.Item>
        <Divider orientation="left">
          {intl.formatMessage({ id: 'guide.group.certifications' })}
        </Divider>
        <CertificationFields spots={spots} />
      </Form>
    </Drawer>
  );
}
