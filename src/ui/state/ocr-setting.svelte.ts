import type { LibraryClient, OcrSetting } from '../clients/library-client.ts';
import { toFailure, type Failure } from './failure.ts';

/** The OCR setting as its form edits it: on or off, the languages as typed, the language host. */
export class OcrSettingState {
  enabled = $state(true);
  /** Tesseract language codes, separated by commas or spaces. */
  languages = $state('');
  languageHost = $state('');
  /** False until the stored setting has been read: the form is not shown before. */
  loaded = $state(false);
  saving = $state(false);
  failure = $state.raw<Failure | undefined>();
  /** The setting last saved from this form, for the note on what it means for indexed files. */
  saved = $state.raw<OcrSetting | undefined>();
  readonly #client: LibraryClient;

  constructor(client: LibraryClient) {
    this.#client = client;
  }

  async load(): Promise<void> {
    this.#show(await this.#client.ocrSetting());
    this.loaded = true;
  }

  /** Stores the form; a host or language the worker refuses leaves the stored setting as it was. */
  async save(): Promise<void> {
    this.saving = true;
    this.failure = undefined;
    this.saved = undefined;
    try {
      await this.#client.setOcrSetting({
        enabled: this.enabled,
        languages: this.languages.split(/[\s,]+/),
        languageHost: this.languageHost,
      });
      const stored = await this.#client.ocrSetting();
      this.#show(stored);
      this.saved = stored;
    } catch (error) {
      this.failure = toFailure(error);
    } finally {
      this.saving = false;
    }
  }

  #show(setting: OcrSetting): void {
    this.enabled = setting.enabled;
    this.languages = setting.languages.join(', ');
    this.languageHost = setting.languageHost;
  }
}
