/**
 * A conversation limited to some collections: with two collections the Ask screen offers the
 * scope; a question asked with one collection unticked is answered without it (its passage is
 * neither quoted nor cited), the scope is kept with the conversation over a reload, and ticking
 * the collection again brings its passage back.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { useAppSession } from './support/app-session.ts';

const QUESTION = 'What ate the basil in bed 4?';

describe('a conversation limited to some collections', () => {
  const ui = useAppSession({
    name: 'scope',
    prepare: async (workspace) => {
      await mkdir(join(workspace, 'garden'));
      await writeFile(
        join(workspace, 'garden', 'basil.md'),
        '# Basil\n\nThe basil in bed 4 was eaten by snails on 12 June.\n',
      );
    },
  });

  beforeAll(async () => {
    await ui.app.addFolderWithInput(join(ui.workspace, 'garden'));
  });

  const scope = () => ui.page.getByTestId('scope');
  const scopeLabel = () => scope().locator('summary').textContent();
  const lastTurn = () => ui.page.getByTestId('turn').last();

  test('answers from the ticked collections only, and keeps the scope after a reload', async () => {
    await ui.app.goToAsk();
    expect(await scopeLabel()).toBe('Searching: all collections');
    await scope().locator('summary').click();
    await scope().getByRole('checkbox', { name: 'garden' }).uncheck();
    expect(await scopeLabel()).toBe('Searching: library');
    expect(await scope().getByRole('checkbox', { name: 'library' }).isDisabled()).toBe(true);

    const narrow = await ui.app.ask(QUESTION);
    expect(await narrow.textContent()).not.toContain('snails');
    expect(await lastTurn().getByText('basil.md').count()).toBe(0);

    await ui.page.reload();
    await ui.app.goToAsk();
    await lastTurn().waitFor();
    expect(await scopeLabel()).toBe('Searching: library');

    await scope().locator('summary').click();
    await scope().getByRole('checkbox', { name: 'garden' }).check();
    expect(await scopeLabel()).toBe('Searching: all collections');
    const wide = await ui.app.ask(QUESTION);
    expect(await wide.textContent()).toContain('snails');
    expect(await lastTurn().getByTestId('sources').textContent()).toContain('basil.md');
  });
});
