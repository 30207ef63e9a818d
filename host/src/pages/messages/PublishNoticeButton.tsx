import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Form, Input, Message, Modal } from '@arco-design/web-react';
import {
  NOTICE_CONTENT_MAX,
  NOTICE_TITLE_MAX,
  noticePublishBody,
  type NoticePublishInput,
} from '@console/shared/contracts/message';
import { usePublishNoticeMutation } from '@console/shared/api';
import { ContractForm, ContractItem, validateForm } from '@console/shared/components/contract-form';

/**
 * Admins (message:publish) send an announcement to every user; the mutation refetches what
 * message.published names (the lists, the bell's counts, the workplace's announcements).
 */
export function PublishNoticeButton() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [form] = Form.useForm<NoticePublishInput>();
  const [visible, setVisible] = useState(false);
  const [publishNotice, { isLoading: saving }] = usePublishNoticeMutation();

  const submit = async () => {
    const values = await validateForm(form);
    if (!values) return;
    try {
      const { recipients } = await publishNotice(values).unwrap();
      Message.success(t('messages.publish.done', { count: recipients }));
      setVisible(false);
      form.resetFields();
    } catch {
      /* the client showed why; the dialog keeps what was typed */
    }
  };

  return (
    <>
      <Button type="primary" onClick={() => setVisible(true)} data-testid="publish-notice">
        {t('messages.publish')}
      </Button>
      <Modal
        title={t('messages.publish')}
        visible={visible}
        confirmLoading={saving}
        onOk={() => void submit()}
        onCancel={() => setVisible(false)}
      >
        <ContractForm schema={noticePublishBody} form={form} layout="vertical">
          <ContractItem
            field="title"
            label={t('messages.publish.title')}
            rules={[
              { required: true, message: t('form.required') },
              {
                maxLength: NOTICE_TITLE_MAX,
                message: t('form.tooLong', { max: NOTICE_TITLE_MAX }),
              },
            ]}
          >
            <Input />
          </ContractItem>
          <ContractItem
            field="content"
            label={t('messages.publish.content')}
            rules={[
              { required: true, message: t('form.required') },
              {
                maxLength: NOTICE_CONTENT_MAX,
                message: t('form.tooLong', { max: NOTICE_CONTENT_MAX }),
              },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 4 }} />
          </ContractItem>
          {/* English readers see these; without them they see the Chinese (issue #18 item 4). */}
          <ContractItem
            field="titleEn"
            label={t('messages.publish.titleEn')}
            rules={[
              {
                maxLength: NOTICE_TITLE_MAX,
                message: t('form.tooLong', { max: NOTICE_TITLE_MAX }),
              },
            ]}
          >
            <Input data-testid="notice-title-en" />
          </ContractItem>
          <ContractItem
            field="contentEn"
            label={t('messages.publish.contentEn')}
            rules={[
              {
                maxLength: NOTICE_CONTENT_MAX,
                message: t('form.tooLong', { max: NOTICE_CONTENT_MAX }),
              },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 4 }} data-testid="notice-content-en" />
          </ContractItem>
        </ContractForm>
      </Modal>
    </>
  );
}
