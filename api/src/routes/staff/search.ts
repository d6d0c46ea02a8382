import { SYNONYM_KINDS, SYNONYM_MESSAGES as M, SYNONYM_WORDS_MAX } from '@storefront/contract/search-synonyms';
import { answer, body, fields, reply, staffSecurity, type RoutesPlugin } from '../../schemas';
import { addSynonym, removeSynonym } from '../../domain/searchSynonyms';
import { staffActor } from '../../domain/shopSettings';

const synonym = answer({ id: { type: 'integer' }, kind: { type: 'string', enum: SYNONYM_KINDS }, words: { type: 'string' } });

/** The shop's search synonyms (issue 36, docs/search.md): the owner lists, adds and removes entries. */
export const staffSearchRoutes: RoutesPlugin = async (app) => {
  const config = { staff: 'owner' as const };
  const schema = (summary: string) => ({ tags: ['staff'], summary, security: staffSecurity });

  app.get(
    '/search-synonyms',
    {
      config,
      schema: { ...schema("The shop's search synonyms"), response: reply(answer({ synonyms: { type: 'array', items: synonym } })) },
    },
    async () => ({ success: true, data: { synonyms: await app.repos.synonyms.list() } }),
  );

  app.post(
    '/search-synonyms',
    {
      config,
      schema: {
        ...schema('Adds a synonyms entry: words that mean the same, or a word that also finds others'),
        body: body(
          {
            kind: { type: 'string', enum: SYNONYM_KINDS, 'x-messages': { required: M.kind, invalid: M.kind } },
            words: {
              type: 'string',
              minLength: 1,
              maxLength: SYNONYM_WORDS_MAX,
              'x-messages': { required: M.wordsRequired, minLength: M.wordsRequired, maxLength: M.wordsTooLong },
            },
          },
          ['kind', 'words'],
        ),
        response: reply(answer({ synonym })),
      },
    },
    async (req) => ({
      success: true,
      message: 'Synonyms saved: every search uses them within a second',
      data: { synonym: await addSynonym(app.tx, req.body.kind, req.body.words, staffActor(req.requireStaff().member)) },
    }),
  );

  app.post(
    '/search-synonyms/:id/remove',
    {
      config,
      schema: {
        ...schema('Removes a synonyms entry'),
        params: { type: 'object', properties: { id: fields.id('Entry') }, required: ['id'], additionalProperties: false } as const,
        response: reply(),
      },
    },
    async (req) => {
      await removeSynonym(app.tx, req.params.id, staffActor(req.requireStaff().member));
      return { success: true, message: 'Synonyms entry removed' };
    },
  );
};
