// Demo certification records: one passed licence and one application under audit for the
// demo administrator, so the certification tab shows both statuses and both actions.
import { eq } from 'drizzle-orm';
import type { CertificationData } from '@console/shared';
import type { Tx } from '../../db/types';
import { users } from '../auth/schema';
import { certificationRecords } from './schema';

const LICENCE: CertificationData = {
  accountType: 'enterprise',
  legalPerson: '王管理',
  certificateType: 'unified_social_credit',
  authenticationNumber: '91110105MA01XXXX1K',
  enterpriseName: '北京山水国际旅行社有限公司',
  enterpriseCertificateType: '营业执照',
  organizationCode: 'MA01XXXX-1',
};

export async function seedDemoCertifications(tx: Tx) {
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  if (!admin) return;
  const passedAt = new Date(Date.now() - 90 * 86_400_000);
  await tx.insert(certificationRecords).values([
    {
      userId: admin.id,
      certificationType: 'enterprise',
      certificationContent: LICENCE.enterpriseName,
      status: 'pass',
      submittedAt: new Date(passedAt.getTime() - 3 * 86_400_000),
      decidedAt: passedAt,
      info: LICENCE,
      createdBy: admin.id,
    },
    {
      userId: admin.id,
      certificationType: 'enterprise',
      certificationContent: '北京山水国际旅行社有限公司（地址变更）',
      status: 'auditing',
      info: { ...LICENCE, enterpriseCertificateType: '营业执照（变更）' },
      createdBy: admin.id,
    },
  ]);
}
