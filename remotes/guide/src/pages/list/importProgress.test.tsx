// The guide import dialog (issue 26 item 16, issue 27 item 6): it polls GET
// /guides/import/progress while the upload runs and stops once the import has answered; an
// import that succeeded refetches the guide list (guide.imported), a rejected one shows its
// report and refetches nothing. The behaviour every section's import shares, in the testkit.
import { describeImportDialog } from '@console/shared/testing/import-dialog';
import zhCN from '../../locale/zh-CN';
import GuideListPage from '.';

describeImportDialog({
  name: 'the guide import dialog',
  page: <GuideListPage />,
  path: '/guide/list',
  messages: zhCN,
  importUrl: '/guides/import',
  progressUrl: '/guides/import/progress',
  listUrl: '/guides',
  file: () => new File(['姓名\n'], 'guides.xlsx'),
});
