import { toStaffMember } from '../../domain/wire';
import { answer, body, fields, reply, security, type RoutesPlugin, staffMemberReply, staffSecurity } from '../../schemas';

const token = (required: string) =>
  ({ type: 'string', minLength: 1, maxLength: 200, 'x-messages': { required, invalid: required } }) as const;

/** Staff sign-in (password, then the e-mailed code), the signed-in member, sign-out and own password. */
export const staffAuthRoutes: RoutesPlugin = async (app) => {
  const staff = app.staffAccounts;
  const signInLimit = { preHandler: app.limits.perAddress('staffSignInAddress') };

  app.post(
    '/sign-in',
    {
      config: { staff: 'signin' },
      ...signInLimit,
      schema: {
        tags: ['staff'],
        summary: 'Staff sign-in, step one: e-mail and password; a code goes to the e-mail',
        security: security.apiKey,
        body: body({ email: fields.email, password: fields.loginPassword }, ['email', 'password']),
        response: reply(answer({ challenge: { type: 'string' }, code: { type: 'string', description: 'development only' } }, ['code'])),
      },
    },
    async (req, res) => {
      const { challenge, code } = await staff.signIn(app.limits.forRequest(res), req.body.email, req.body.password);
      return {
        success: true,
        message: 'A sign-in code was sent to your email',
        data: app.config.dev ? { challenge, code } : { challenge },
      };
    },
  );

  app.post(
    '/sign-in/verify',
    {
      config: { staff: 'signin' },
      ...signInLimit,
      schema: {
        tags: ['staff'],
        summary: 'Staff sign-in, step two: the challenge and the e-mailed code open a session',
        security: security.apiKey,
        body: body(
          {
            challenge: token('Please sign in again to get a new code'),
            code: { ...fields.otp, 'x-messages': { required: 'Code is required', invalid: 'Code must be 6 digits' } },
          },
          ['challenge', 'code'],
        ),
        response: reply(answer({ token: { type: 'string' }, expires_at: { type: 'string' }, staff: staffMemberReply })),
      },
    },
    async (req, res) => ({
      success: true,
      message: 'Signed in',
      data: await staff.verify(app.limits.forRequest(res), req.body.challenge, req.body.code),
    }),
  );

  app.get(
    '/me',
    {
      config: { staff: 'staff' },
      schema: {
        tags: ['staff'],
        summary: 'The signed-in staff member',
        security: staffSecurity,
        response: reply(answer({ staff: staffMemberReply })),
      },
    },
    async (req) => ({ success: true, data: { staff: toStaffMember(req.requireStaff().member) } }),
  );

  app.post(
    '/sign-out',
    {
      config: { staff: 'staff' },
      schema: { tags: ['staff'], summary: 'Ends this staff session', security: staffSecurity, body: body({}, []), response: reply() },
    },
    async (req) => {
      const { member, sessionId } = req.requireStaff();
      await staff.signOut(member, sessionId);
      return { success: true, message: 'Signed out' };
    },
  );

  app.post(
    '/me/password',
    {
      config: { staff: 'staff' },
      schema: {
        tags: ['staff'],
        summary: "Changes the member's own password; their other sessions end",
        security: staffSecurity,
        body: body({ current_password: fields.loginPassword, new_password: fields.password }, ['current_password', 'new_password']),
        response: reply(),
      },
    },
    async (req, res) => {
      const { member, sessionId } = req.requireStaff();
      await staff.changePassword(app.limits.forRequest(res), member, sessionId, req.body.current_password, req.body.new_password);
      return { success: true, message: 'Password changed; your other sessions were signed out' };
    },
  );
};
