/**
 * E-mail in the browser: the library worker reads .eml, .mbox and .msg files (postal-mime and
 * msgreader in a worker, without Node's modules), and an attachment is a document of its own,
 * found by search and opened in the viewer (an attached PDF on its page).
 */
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { makePdf } from '../../scripts/fixtures/pdf-writer.ts';
import { REALDOCS } from '../support/realdocs.ts';
import { useAppSession } from './support/app-session.ts';

const MAIL_FILES = 10;

function messageWithAttachments(): string {
  const pdf = makePdf([[{ text: 'The moraine survey counted 1,874 boulders.' }]], 'Survey');
  const csv = 'line,amount\nglacier drilling rig rental,48200\n';
  return [
    'From: "Ines Moreau" <ines@example.org>',
    'Subject: Survey and budget',
    'Date: Mon, 3 Mar 2025 09:15:00 +0100',
    'Content-Type: multipart/mixed; boundary="part"',
    '',
    '--part',
    'Content-Type: text/plain',
    '',
    'Both files are attached.',
    '--part',
    'Content-Type: text/csv; name="budget.csv"',
    'Content-Disposition: attachment; filename="budget.csv"',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(csv).toString('base64'),
    '--part',
    'Content-Type: application/pdf; name="survey.pdf"',
    'Content-Disposition: attachment; filename="survey.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(pdf).toString('base64'),
    '--part--',
    '',
  ].join('\r\n');
}

describe('e-mail in the browser', () => {
  const ui = useAppSession({
    name: 'mail',
    copyLibrary: false,
    prepare: async (workspace) => {
      const mail = join(workspace, 'mail');
      await mkdir(mail);
      await cp(join(REALDOCS, 'mail'), mail, { recursive: true });
      await writeFile(join(mail, 'survey.eml'), messageWithAttachments());
    },
  });

  test('indexes every mail file and the attachments of supported types', async () => {
    const summary = await ui.app.addFolderWithInput(join(ui.workspace, 'mail'));
    const added = Number(/(\d+) added/.exec(summary)?.[1]);
    // Every mail file and at least the text and PDF of the generated message.
    expect(added).toBeGreaterThanOrEqual(MAIL_FILES + 1 + 2);
    // Pictures attached to the messages are read by OCR, whatever it makes of them; no message
    // and none of the generated attachments is among the files that could not be read.
    if (/failed|skipped/.test(summary)) {
      const issues = await (await ui.app.fileIssues('mail')).allTextContents();
      expect(issues.filter((issue) => /\.(eml|mbox|msg|csv|pdf) /.test(issue))).toEqual([]);
    }

    await ui.app.goToSearch();
    const appointment = (await ui.app.search('meeting to discuss jumping', 'Keyword')).first();
    expect(await appointment.getByRole('button').textContent()).toContain(
      'testMSG_Appointment.msg',
    );
    const mailbox = (await ui.app.search('Another Person body', 'Keyword')).first();
    expect(await mailbox.getByRole('button').textContent()).toContain('testMBOX_complex.mbox');

    const budget = (await ui.app.search('glacier drilling rig rental', 'Keyword')).first();
    expect(await budget.getByRole('button').textContent()).toContain(
      'survey.eml/attachments/budget.csv',
    );
    const passage = await ui.app.openResult(budget);
    expect(await passage.textContent()).toContain('glacier drilling rig rental');
    await ui.page.keyboard.press('Escape');
    await passage.waitFor({ state: 'hidden' });

    const survey = (await ui.app.search('moraine survey boulders', 'Keyword')).first();
    expect(await survey.getByRole('button').textContent()).toContain(
      'survey.eml/attachments/survey.pdf',
    );
    await survey.getByRole('button').click();
    await ui.page.getByTestId('page-highlight').first().waitFor();
    expect(await ui.page.getByTestId('page-number').textContent()).toBe('Page 1 of 1');
  });
});
