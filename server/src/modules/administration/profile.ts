import {
  administrationMessages as say,
  organisationLogoPath,
  type TOrganisationProfile,
  type TOrganisationProfileUpdate,
  type TSsoSettingsUpdate,
} from '@compass/shared';
import type { Db } from '../../db/prisma';
import { badRequest, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import type { SecretBox } from '../../plugins/secrets';
import type { FileStorage } from '../../plugins/storage';
import type { UploadedFile } from '../../plugins/uploads';
import { replaceLogo } from './logo';

/** The organisation's own settings: profile, logo and single sign-on. */
export class OrganisationProfileService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly secrets: SecretBox,
  ) {}

  async profile(companyId: string): Promise<TOrganisationProfile> {
    const company = await this.db.company.findUniqueOrThrow({
      where: { id: companyId },
      include: { ssoProviders: { orderBy: { provider: 'asc' } } },
    });
    return {
      _id: company.id,
      name: company.name,
      timeZone: company.timeZone,
      mailSenderName: company.mailSenderName,
      headerTitle: company.headerTitle,
      logo: organisationLogoPath(company.id, company.logoKey),
      sso: company.ssoProviders.map((row) => ({
        provider: row.provider,
        issuer: row.issuer,
        clientId: row.clientId,
        isEnabled: row.isEnabled,
        hasClientSecret: row.clientSecret !== '',
      })),
    };
  }

  async update(auth: AuthContext, input: TOrganisationProfileUpdate): Promise<TOrganisationProfile> {
    await this.db.$transaction(async (tx) => {
      const before = await tx.company.findUniqueOrThrow({ where: { id: auth.companyId } });
      const data = {
        name: input.name.trim(),
        timeZone: input.timeZone,
        mailSenderName: input.mailSenderName || null,
        headerTitle: input.headerTitle || null,
      };
      await tx.company.update({ where: { id: auth.companyId }, data });
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'organisation',
        entityId: auth.companyId,
        action: 'updated',
        before: {
          name: before.name,
          timeZone: before.timeZone,
          mailSenderName: before.mailSenderName,
          headerTitle: before.headerTitle,
        },
        after: data,
      });
    });
    return this.profile(auth.companyId);
  }

  /** Stores the logo resized (at most 512 px, PNG); the old file is removed once the new one is saved. */
  async uploadLogo(auth: AuthContext, files: UploadedFile[]): Promise<TOrganisationProfile> {
    await replaceLogo(this.storage, files, (key, name) => this.recordLogo(auth, key, name));
    return this.profile(auth.companyId);
  }

  async deleteLogo(auth: AuthContext): Promise<TOrganisationProfile> {
    await replaceLogo(this.storage, null, (key, name) => this.recordLogo(auth, key, name));
    return this.profile(auth.companyId);
  }

  private recordLogo(auth: AuthContext, key: string | null, name: string | null): Promise<string | null> {
    return this.db.$transaction(async (tx) => {
      const before = await tx.company.findUniqueOrThrow({ where: { id: auth.companyId } });
      await tx.company.update({ where: { id: auth.companyId }, data: { logoKey: key } });
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'organisation',
        entityId: auth.companyId,
        action: key ? 'logo replaced' : 'logo removed',
        before: { logo: before.logoKey ? 'a logo' : null },
        after: { logo: name },
      });
      return before.logoKey;
    });
  }

  /** The stored logo of an organisation, for the public logo call. */
  async logo(companyId: string) {
    const company = await this.db.company.findUnique({ where: { id: companyId }, select: { logoKey: true } });
    if (!company?.logoKey) throw notFound('This organisation has no logo.');
    return this.storage.read(company.logoKey);
  }

  /** Sets up one provider; the secret is sealed, and an empty one keeps what is stored. */
  async updateSso(auth: AuthContext, input: TSsoSettingsUpdate): Promise<TOrganisationProfile> {
    await this.db.$transaction(async (tx) => {
      const where = { companyId_provider: { companyId: auth.companyId, provider: input.provider } };
      const before = await tx.ssoProvider.findUnique({ where });
      const secret = input.clientSecret ? this.secrets.seal(input.clientSecret) : before?.clientSecret;
      if (!secret)
        throw badRequest(say.ssoSecretRequired, [{ field: 'clientSecret', message: say.ssoSecretRequired }]);
      const data = { issuer: input.issuer, clientId: input.clientId, isEnabled: input.isEnabled };
      await tx.ssoProvider.upsert({
        where,
        create: { companyId: auth.companyId, provider: input.provider, clientSecret: secret, ...data },
        update: { clientSecret: secret, ...data },
      });
      // The log says that the secret changed, never what it is.
      const shown = (row: typeof data | null, secret: string | null) =>
        row && {
          [`${input.provider} issuer`]: row.issuer,
          [`${input.provider} client ID`]: row.clientId,
          [`${input.provider} enabled`]: row.isEnabled,
          [`${input.provider} client secret`]: secret,
        };
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'organisation',
        entityId: auth.companyId,
        action: before ? 'sign-in settings changed' : 'sign-in set up',
        before: shown(before, before ? 'stored' : null),
        after: shown(data, input.clientSecret ? 'replaced' : 'stored'),
      });
    });
    return this.profile(auth.companyId);
  }
}
