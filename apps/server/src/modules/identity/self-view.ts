import type { Tenant } from '../tenants/tenants.service';
import type { IdentityUser } from './identity-users.repo';

/** `GET /v0/self`: the user of the identity token, plus the tenant's redirect path. */
export function selfView(user: IdentityUser, tenant: Tenant) {
  return {
    userId: user.id,
    userUuid: user.uuid,
    tenantId: user.tenantId,
    email: user.email,
    username: user.username,
    name: user.name,
    image: user.image,
    phoneNumber: user.phoneNumber,
    data: user.data,
    isMfaRequired: user.totpEnabledAt !== null,
    isEmailConfirmed: user.isEmailConfirmed,
    isPhoneNumberConfirmed: user.isPhoneNumberConfirmed,
    confirmedEmailAt: user.confirmedEmailAt?.toISOString() ?? null,
    confirmedPhoneNumberAt: user.confirmedPhoneNumberAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    tenant: { tenantId: tenant.id, name: tenant.name, loginRedirectPath: tenant.loginRedirectPath },
  };
}
