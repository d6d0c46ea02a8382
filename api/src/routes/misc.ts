import { body, fields, reply, security, type RoutesPlugin } from '../schemas';

export const miscRoutes: RoutesPlugin = async (app) => {
  app.post(
    '/contact-us',
    {
      preHandler: app.limits.perAddress('contact'),
      schema: {
        tags: ['other'],
        summary: 'Store a contact-form message (spec §5 contact rules)',
        security: security.apiKey,
        body: body(
          {
            firstname: fields.name,
            lastname: fields.name,
            email: fields.email,
            phone_number: fields.phone,
            subject: fields.text('Subject is required', 200),
            message: fields.text('Message is required', 5000),
            subscribe: { type: 'boolean', default: false },
          },
          ['firstname', 'lastname', 'email', 'phone_number', 'subject', 'message'],
        ),
        response: reply(undefined, {}, 201),
      },
    },
    async (req, res) => {
      const b = req.body;
      const email = b.email.trim().toLowerCase();
      await app.tx(async (r) => {
        await r.content.saveContact({
          firstname: b.firstname.trim(),
          lastname: b.lastname.trim(),
          email,
          phone_number: b.phone_number,
          subject: b.subject.trim(),
          message: b.message.trim(),
          subscribe: b.subscribe === true,
        });
        if (b.subscribe) await r.content.subscribe(email);
      });
      res.status(201);
      return { success: true, message: 'Form submitted successfully' };
    },
  );

  app.post(
    '/newsletter/subscribe',
    {
      preHandler: app.limits.perAddress('newsletter'),
      schema: {
        tags: ['other'],
        summary: 'Footer newsletter (idempotent)',
        security: security.apiKey,
        body: body({ email: fields.email }, ['email']),
        response: reply(),
      },
    },
    async (req) => {
      await app.repos.content.subscribe(req.body.email.trim());
      return { success: true, message: 'Thank you for subscribing!' };
    },
  );
};
