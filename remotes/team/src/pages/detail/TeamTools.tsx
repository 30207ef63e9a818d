// The team's tools beside its moves (issue 29 items 2, 3): copy it (a new draft moved by an offset;
// the calendar's refusal — `teamCopyBreach`, the rule the server keeps — disables the button with
// its reason), keep its itinerary as a template, and open each assigned guide's work order.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  Button,
  Dropdown,
  Form,
  Input,
  InputNumber,
  Menu,
  Message,
  Modal,
  Space,
  Typography,
} from '@arco-design/web-react';
import { IconDown } from '@arco-design/web-react/icon';
import { useIntl } from 'react-intl';
import {
  addDays,
  resolveLocale,
  TEAM_TEMPLATE_LIMITS,
  teamCopyBreach,
  type Team,
} from '@console/shared';
import { apiErrorEnvelope, showApiError } from '@console/shared/api';
import { useTeamLabel } from '../../hooks';
import { useCopyTeamMutation, useCreateTemplateMutation } from '../templates/api';

function CopyModal(props: { team: Team; onClose(): void }) {
  const { team } = props;
  const intl = useIntl();
  const navigate = useNavigate();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [offset, setOffset] = useState(7);
  const [warning, setWarning] = useState<string | null>(null);
  const [copyTeam, { isLoading: busy }] = useCopyTeamMutation();
  const breach = teamCopyBreach(team, offset, new Date());
  const locale = resolveLocale(intl.locale);

  const copy = async (confirmCapacityWarning: boolean) => {
    try {
      const copied = await copyTeam({
        teamId: team.id,
        body: { offsetDays: offset, confirmCapacityWarning },
      }).unwrap();
      Message.success(t('team.copy.done', { code: copied.code }));
      props.onClose();
      navigate(`/team/detail/${copied.id}`);
    } catch (err) {
      const e = apiErrorEnvelope(err);
      // A spot-day at the warning percent: say so and let the user copy anyway.
      if (e?.error === 'CAPACITY_CONFIRM_REQUIRED') setWarning(e.msg);
      else showApiError(err);
    }
  };

  return (
    <Modal
      visible
      title={t('team.copy.title', { code: team.code })}
      onCancel={props.onClose}
      footer={
        <Space>
          <Button onClick={props.onClose}>{t('team.action.cancel')}</Button>
          {warning && (
            <Button status="warning" loading={busy} onClick={() => copy(true)}>
              {t('team.copy.confirmCapacity')}
            </Button>
          )}
          <Button
            type="primary"
            loading={busy}
            disabled={breach !== null || !Number.isInteger(offset)}
            onClick={() => copy(false)}
            data-testid="copy-confirm"
          >
            {t('team.copy.action')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('team.copy.hint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('team.copy.offset')}>
          <InputNumber
            value={offset}
            precision={0}
            min={-TEAM_TEMPLATE_LIMITS.copyOffsetMaxDays}
            max={TEAM_TEMPLATE_LIMITS.copyOffsetMaxDays}
            onChange={(v) => {
              setOffset(Number(v ?? 0));
              setWarning(null);
            }}
            aria-label={t('team.copy.offset')}
            data-testid="copy-offset"
          />
        </Form.Item>
      </Form>
      <Typography.Text data-testid="copy-period">
        {t('team.copy.newPeriod', {
          start: addDays(team.startDate, offset),
          end: addDays(team.endDate, offset),
        })}
      </Typography.Text>
      {breach && (
        <Alert
          type="error"
          style={{ marginTop: 12 }}
          content={breach.message[locale]}
          data-testid="copy-breach"
        />
      )}
      {warning && <Alert type="warning" style={{ marginTop: 12 }} content={warning} />}
    </Modal>
  );
}

function SaveTemplateModal(props: { team: Team; onClose(): void }) {
  const { team } = props;
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [name, setName] = useState(team.name);
  const [error, setError] = useState<string | null>(null);
  const [createTemplate, { isLoading: busy }] = useCreateTemplateMutation();

  const save = async () => {
    try {
      const saved = await createTemplate({ teamId: team.id, name: name.trim() }).unwrap();
      Message.success(t('team.template.saved', { name: saved.name }));
      props.onClose();
    } catch (err) {
      const e = apiErrorEnvelope(err);
      // A taken name (or another refusal) is said on the name field.
      setError(e?.fields?.[0]?.message ?? e?.msg ?? null);
      if (!e) showApiError(err);
    }
  };

  return (
    <Modal
      visible
      title={t('team.template.saveTitle', { code: team.code })}
      onCancel={props.onClose}
      onOk={save}
      okButtonProps={{ loading: busy, disabled: !name.trim() }}
      okText={t('team.action.save')}
      cancelText={t('team.action.cancel')}
    >
      <Form layout="vertical">
        <Form.Item
          label={t('team.template.name')}
          required
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Input
            value={name}
            maxLength={TEAM_TEMPLATE_LIMITS.nameMax}
            showWordLimit
            onChange={(v) => {
              setName(v);
              setError(null);
            }}
            aria-label={t('team.template.name')}
            data-testid="template-name"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function TeamTools(props: { team: Team; canWrite: boolean }) {
  const { team, canWrite } = props;
  const intl = useIntl();
  const navigate = useNavigate();
  const label = useTeamLabel();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [open, setOpen] = useState<'copy' | 'template' | null>(null);
  const active = team.assignments.filter((a) => a.status === 'active');

  return (
    <Space wrap>
      {active.length > 0 && (
        <Dropdown
          trigger="click"
          droplist={
            <Menu
              onClickMenuItem={(guideId) =>
                navigate(`/team/detail/${team.id}/work-order?guide=${guideId}`)
              }
            >
              {active.map((a) => (
                <Menu.Item key={String(a.guideId)} data-testid={`work-order-${a.guideCode}`}>
                  {t('team.workOrder.for', {
                    name: a.guideName,
                    role: label('role', a.role),
                  })}
                </Menu.Item>
              ))}
            </Menu>
          }
        >
          <Button data-testid="work-order-menu">
            {t('team.workOrder.action')} <IconDown />
          </Button>
        </Dropdown>
      )}
      {canWrite && (
        <>
          <Button onClick={() => setOpen('copy')} data-testid="team-copy">
            {t('team.copy.action')}
          </Button>
          <Button
            onClick={() => setOpen('template')}
            disabled={team.itinerary.length === 0}
            title={team.itinerary.length === 0 ? t('team.template.noItinerary') : undefined}
            data-testid="team-save-template"
          >
            {t('team.template.saveAs')}
          </Button>
        </>
      )}
      {open === 'copy' && <CopyModal team={team} onClose={() => setOpen(null)} />}
      {open === 'template' && <SaveTemplateModal team={team} onClose={() => setOpen(null)} />}
    </Space>
  );
}
