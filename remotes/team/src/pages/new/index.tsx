// New team (/team/new): the seed's step form. Basic info → itinerary → review → success.
// The team is created as a draft on step 1 → 2, its itinerary saved on step 2 → 3, and
// "submit" on the review moves it to pending (waiting for a guide).
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  Button,
  Card,
  Divider,
  Form,
  Message,
  Result,
  Space,
  Steps,
  Tag,
} from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import { localDate, type Team } from '@console/shared';
import { showFormErrors } from '@console/shared/components/contract-form';
import { showApiError } from '@console/shared/api';
import { useCreateTeamMutation, useTransitionTeamMutation, useUpdateTeamMutation } from '../../api';
import { STATUS_COLOR, useIssueText, useTeamLabel } from '../../hooks';
import { TeamForm, showServerFieldErrors, useCheckTeamForm } from '../components/TeamForm';
import {
  ItineraryEditor,
  ItineraryView,
  rowsOf,
  useCheckRows,
  useSaveItinerary,
  type ItineraryRow,
} from '../components/Itinerary';
import { TeamInfo } from '../components/TeamInfo';
import { itineraryClashes, periodTense } from './warnings';
import { useStartingTemplate } from './useStartingTemplate';

export default function NewTeamPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const label = useTeamLabel();
  const issueText = useIssueText();
  const [createTeam, created] = useCreateTeamMutation();
  const [updateTeam, updated] = useUpdateTeamMutation();
  const [transition, submitted] = useTransitionTeamMutation();
  const [form] = Form.useForm();
  const check = useCheckTeamForm(form);
  const checkRows = useCheckRows();
  const itinerary = useSaveItinerary();
  const [step, setStep] = useState(0);
  const [team, setTeam] = useState<Team | null>(null);
  const [rows, setRows] = useState<ItineraryRow[]>([]);
  const [rowErrors, setRowErrors] = useState<Map<number, string>>();
  const starting = useStartingTemplate();
  const m = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `team.new.${id}` }, values);
  // Warned, never refused: the user may be entering a tour that already ran (issue 26 item 2).
  const startDate: unknown = Form.useWatch('startDate', form);
  const endDate: unknown = Form.useWatch('endDate', form);
  const today = localDate();
  const tense = periodTense(startDate, endDate, today);
  const clashes = itineraryClashes(rows);
  const clashList = clashes
    .map((c) => m('clashItem', { date: c.date, first: c.first, second: c.second }))
    .join(intl.locale.startsWith('zh') ? '；' : '; ');

  /** Step 1 → 2: creates the draft (or saves the changes after "previous"). */
  const saveBasics = async () => {
    const { parsed, errors } = check(team?.version);
    if (showFormErrors(form, errors) || !parsed.success) return;
    try {
      const saved = await (
        team
          ? updateTeam({ id: team.id, body: parsed.data as never })
          : createTeam(parsed.data as never)
      ).unwrap();
      setTeam(saved);
      // A new draft from a template takes its itinerary; days outside a changed period drop
      // out of the itinerary being planned.
      const fromTemplate = team ? null : starting.rowsFor(saved.startDate, saved.endDate);
      if (fromTemplate) {
        setRows(fromTemplate.rows);
        if (fromTemplate.dropped > 0)
          Message.warning(
            intl.formatMessage({ id: 'team.template.dropped' }, { count: fromTemplate.dropped }),
          );
      } else setRows((r) => r.filter((x) => x.date >= saved.startDate && x.date <= saved.endDate));
      setStep(1);
    } catch (err) {
      showServerFieldErrors(form, err, (code) => issueText({ code: 'custom', message: code }));
      showApiError(err);
    }
  };

  /** Step 2 → 3: saves the itinerary (confirming a capacity warning when asked). */
  const saveItinerary = async () => {
    if (!team) return;
    const { items, errors } = checkRows(rows);
    setRowErrors(errors);
    if (errors.size > 0) {
      Message.error(intl.formatMessage({ id: 'team.itinerary.fixErrors' }));
      return;
    }
    const saved = await itinerary.save(team, items);
    if (!saved) return;
    setTeam(saved);
    setRows(rowsOf(saved.itinerary));
    setStep(2);
  };

  /** Review → success: submits the team (draft → pending), or keeps it as a draft. */
  const finish = async (submit: boolean) => {
    if (!team) return;
    if (!submit) {
      setStep(3);
      return;
    }
    try {
      const moved = await transition({
        id: team.id,
        body: { to: 'pending', reason: '', version: team.version },
      }).unwrap();
      setTeam(moved);
      setStep(3);
    } catch {
      /* the client showed the server's message (e.g. a day without a spot) */
    }
  };

  const again = () => {
    // Step 1 mounts the form again from the create defaults (every field).
    setTeam(null);
    setRows([]);
    setRowErrors(undefined);
    setStep(0);
  };

  const emptyDays =
    team &&
    rows.length > 0 &&
    new Set(rows.map((r) => r.date)).size <
      Math.round((Date.parse(team.endDate) - Date.parse(team.startDate)) / 86_400_000) + 1;

  return (
    <Card data-testid="team-new-page">
      <Steps current={step + 1} style={{ maxWidth: 780, margin: '0 auto 32px' }}>
        <Steps.Step title={m('stepBasic')} />
        <Steps.Step title={m('stepItinerary')} />
        <Steps.Step title={m('stepReview')} />
        <Steps.Step title={m('stepDone')} />
      </Steps>

      {step === 0 && (
        <div style={{ maxWidth: 900, margin: '0 auto' }}>
          {starting.template && !team && (
            <Alert
              style={{ marginBottom: 16 }}
              data-testid="from-template"
              content={intl.formatMessage(
                { id: 'team.template.using' },
                { name: starting.template.name, days: starting.template.days },
              )}
            />
          )}
          {/* A new team starts from the create defaults; back from step 2 the form starts
              from the draft as saved (keyed by its version), never from the defaults again. */}
          <TeamForm key={team ? `${team.id}:${team.version}` : 'new'} form={form} team={team} />
          {tense && (
            <Alert
              type="warning"
              data-testid="past-period-warning"
              content={m(tense === 'past' ? 'pastPeriod' : 'begunPeriod', {
                start: String(startDate),
                end: String(endDate),
                today,
              })}
            />
          )}
          <Divider />
          <Space>
            <Button
              type="primary"
              loading={created.isLoading || updated.isLoading}
              onClick={saveBasics}
              data-testid="step-next"
            >
              {m('next')}
            </Button>
            <Button onClick={() => navigate('/team/waiting')}>
              {intl.formatMessage({ id: 'team.action.cancel' })}
            </Button>
          </Space>
        </div>
      )}

      {step === 1 && team && (
        <div style={{ maxWidth: 1100, margin: '0 auto' }}>
          <Alert
            style={{ marginBottom: 12 }}
            content={intl.formatMessage(
              { id: 'team.new.itineraryHint' },
              { code: team.code, pax: team.pax },
            )}
          />
          {itinerary.refusalAlert}
          <ItineraryEditor
            startDate={team.startDate}
            endDate={team.endDate}
            pax={team.pax}
            teamId={team.id}
            rows={rows}
            onChange={setRows}
            errors={rowErrors}
          />
          {clashes.length > 0 && (
            <Alert
              type="warning"
              style={{ marginTop: 12 }}
              data-testid="visit-clash-warning"
              content={m('visitClash', { count: clashes.length, list: clashList })}
            />
          )}
          <Divider />
          <Space>
            <Button onClick={() => setStep(0)}>{m('previous')}</Button>
            <Button
              type="primary"
              loading={itinerary.saving}
              onClick={saveItinerary}
              data-testid="step-next"
            >
              {m('next')}
            </Button>
          </Space>
        </div>
      )}

      {step === 2 && team && (
        <div style={{ maxWidth: 1100, margin: '0 auto' }} data-testid="team-review">
          <TeamInfo team={team} />
          <Divider orientation="left">{intl.formatMessage({ id: 'team.tab.itinerary' })}</Divider>
          <ItineraryView team={team} />
          {emptyDays && (
            <Alert type="warning" style={{ marginTop: 12 }} content={m('incompleteHint')} />
          )}
          <Divider />
          <Space>
            <Button onClick={() => setStep(1)}>{m('previous')}</Button>
            <Button onClick={() => void finish(false)} data-testid="keep-draft">
              {m('keepDraft')}
            </Button>
            <Button
              type="primary"
              loading={submitted.isLoading}
              onClick={() => void finish(true)}
              data-testid="step-submit"
            >
              {m('submit')}
            </Button>
          </Space>
        </div>
      )}

      {step === 3 && team && (
        <Result
          status="success"
          data-testid="team-created"
          title={m('doneTitle')}
          subTitle={
            <Space>
              {intl.formatMessage({ id: 'team.new.doneText' }, { code: team.code })}
              <Tag color={STATUS_COLOR[team.status]}>{label('status', team.status)}</Tag>
            </Space>
          }
          extra={
            <Space>
              <Button onClick={again} data-testid="create-again">
                {m('again')}
              </Button>
              <Button
                type="primary"
                onClick={() => navigate(`/team/detail/${team.id}`)}
                data-testid="view-detail"
              >
                {m('viewDetail')}
              </Button>
            </Space>
          }
        />
      )}
    </Card>
  );
}
