import { STAFF_ROLES } from '@storefront/contract';
import { answer, body, fields, reply, type RoutesPlugin, staffMemberReply, staffRole, staffSecurity } from '../../schemas';
import { toStaffMember } from '../../domain/wire';

const json = { description: 'the subject as it was or became (JSON), or null' } as const;

/** The owner's pages: staff members and the activity record. */
export const staffMemberRoutes: RoutesPlugin = async (app) => {
  const staff = app.staffAccounts;
  const owner = { staff: 'owner' as const };
  const idParams = {
    type: 'object',
    properties: { id: fields.id('Staff member') },
    required: ['id'],
    additionalProperties: false,
  } as const;

  app.get(
    '/members',
    {
      config: owner,
      schema: {
        tags: ['staff'],
        summary: 'Every staff member (owner only)',
        security: staffSecurity,
        response: reply(answer({ members: { type: 'array', items: staffMemberReply } })),
      },
    },
    async () => ({ success: true, data: { members: (await app.repos.staff.list()).map(toStaffMember) } }),
  );

  app.post(
    '/members',
    {
      config: owner,
      schema: {
        tags: ['staff'],
        summary: 'Adds a staff member or owner (owner only); tell them the password, they change it',
        security: staffSecurity,
        body: body({ email: fields.email, name: fields.name, role: staffRole, password: fields.password }, [
          'email',
          'name',
          'role',
          'password',
        ]),
        response: reply(answer({ staff: staffMemberReply }), {}, 201),
      },
    },
    async (req, res) => {
      const member = await staff.add(req.requireStaff().member, req.body);
      void res.status(201);
      return { success: true, message: 'Staff member added', data: { staff: member } };
    },
  );

  app.post(
    '/members/:id',
    {
      config: owner,
      schema: {
        tags: ['staff'],
        summary: `Changes a member's role (${STAFF_ROLES.join(' or ')}) or disables them; their sessions end (owner only)`,
        security: staffSecurity,
        params: idParams,
        body: body({ role: staffRole, disabled: { type: 'boolean', 'x-messages': { invalid: 'Must be true or false' } } }, []),
        response: reply(answer({ staff: staffMemberReply })),
      },
    },
    async (req) => ({
      success: true,
      message: 'Staff member updated',
      data: { staff: await staff.change(req.requireStaff().member, req.params.id, req.body) },
    }),
  );

  app.post(
    '/members/:id/revoke-sessions',
    {
      config: owner,
      schema: {
        tags: ['staff'],
        summary: 'Signs a member out everywhere (owner only)',
        security: staffSecurity,
        params: idParams,
        body: body({}, []),
        response: reply(answer({ ended: { type: 'integer' } })),
      },
    },
    async (req) => ({
      success: true,
      message: 'Sessions ended',
      data: { ended: await staff.revokeSessions(req.requireStaff().member, req.params.id) },
    }),
  );

  app.get(
    '/activity',
    {
      config: owner,
      schema: {
        tags: ['staff'],
        summary: 'The activity record, newest first (owner only); `before` is the next page cursor',
        security: staffSecurity,
        querystring: {
          type: 'object',
          properties: {
            before: fields.id('Cursor'),
            limit: { type: 'integer', minimum: 1, maximum: 200, default: 50, 'x-messages': { invalid: 'Limit must be 1 to 200' } },
            subject_type: {
              type: 'string',
              enum: [
                'staff',
                'order',
                'variation',
                'product',
                'store',
                'shipping_rules',
                'pincodes',
                'pincode',
                'zone',
                'holiday',
                'category',
              ],
              'x-messages': { invalid: 'Unknown subject type' },
            },
            subject_id: { type: 'string', minLength: 1, maxLength: 40, 'x-messages': { invalid: 'Invalid subject id' } },
          },
          additionalProperties: false,
        } as const,
        response: reply(
          answer({
            actions: {
              type: 'array',
              items: answer({
                id: { type: 'integer' },
                staff: {
                  anyOf: [answer({ id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } }), { type: 'null' }],
                },
                action: { type: 'string' },
                subject_type: { type: 'string' },
                subject_id: { type: 'string' },
                before: json,
                after: json,
                created_at: { type: 'string' },
              }),
            },
            next_before: { type: ['integer', 'null'] },
          }),
        ),
      },
    },
    async (req) => {
      const { before, limit, subject_type, subject_id } = req.query;
      const actions = await app.repos.staff.actions({
        limit,
        ...(before !== undefined ? { before } : {}),
        ...(subject_type !== undefined ? { subjectType: subject_type } : {}),
        ...(subject_id !== undefined ? { subjectId: subject_id } : {}),
      });
      const last = actions.at(-1);
      return { success: true, data: { actions, next_before: actions.length === limit && last ? last.id : null } };
    },
  );
};
