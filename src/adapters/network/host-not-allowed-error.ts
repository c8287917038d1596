import { ArchivistError } from '../../core/errors.ts';

/** A worker asked for a host that no setting names, so the request was not sent. */
export class HostNotAllowedError extends ArchivistError {
  readonly name = 'HostNotAllowedError';
  constructor(readonly host: string) {
    super(
      `Archivist did not contact ${host}: it only connects to this app, the model catalogues' hosts and the hosts you set. To use ${host}, enter it as the server's Base URL (Ask › Answer engine), as the custom model URL of an on-device model, or as the Model host when changing a collection's embedding model.`,
    );
  }
}
