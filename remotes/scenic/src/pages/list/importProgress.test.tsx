// The scenic spot import dialog (issue 26 item 16, issue 27 item 6): it polls GET
// /scenic/spots/import/progress while the upload runs and stops once the import has answered;
// an import that succeeded refetches the spot list (scenic.spot.imported), a rejected one shows
// its report and refetches nothing. The behaviour every section's import shares, in the testkit.
import { describeImportDialog } from '@console/shared/testing/import-dialog';
import zhCN from '../../locale/zh-CN';
import ScenicListPage from '.';

describeImportDialog({
  name: 'the scenic spot import dialog',
  page: <ScenicListPage />,
  path: '/scenic/list',
  messages: zhCN,
  importUrl: '/scenic/spots/import',
  progressUrl: '/scenic/spots/import/progress',
  listUrl: '/scenic/spots',
  file: () => new File(['编号\n'], 'spots.xlsx'),
});
