import type { ProofOfPlayReport } from '@robot-ads/contracts/statistics/proof-of-play.schemas';
import {
  proofOfPlayExportQuery,
  proofOfPlayQuery,
  proofOfPlayResponse,
} from '@robot-ads/contracts/statistics/proof-of-play.schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachment, sendWorkbook } from '../../platform/exports';
import { zodRoutes } from '../../platform/zod-routes';
import type { CertificatesService } from '../certificates/certificates.service';
import type { PlaylistsContext } from '../playlists/playlists.context';
import { proofOfPlay } from './proof-of-play';
import { issueCertificate } from './proof-of-play.certificate';
import { proofOfPlayPdf, proofOfPlayXlsx } from './proof-of-play.export';

const OPTIONS =
  "The plan id as playlistId (or playListId, playlistid, id); begin, end (unix seconds, default the last 30 local days), timeZone (default the plan's), robotId, province.";

/** The proof-of-play report of a plan and its exports (docs/statistics.md, "Proof-of-play report"). */
export function proofOfPlayRoutes(ctx: PlaylistsContext, certificates: CertificatesService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = zodRoutes(app, ['statistics']);
    route.get(
      '/api/Statis/proofOfPlayByPlaylistId',
      {
        summary: `Proof of play of a plan: per robot and local day the scheduled minutes, verified and flagged plays (by reason); totals and the verified share. ${OPTIONS}`,
        querystring: proofOfPlayQuery,
        response: proofOfPlayResponse,
      },
      async (request) => proofOfPlay(ctx, request.user, request.query),
    );
    app.get(
      '/api/Statis/proofOfPlayExport',
      {
        schema: {
          tags: ['statistics'],
          summary: `The proof-of-play report as xlsx (format=xlsx) or as a PDF certificate (format=pdf), in zh or en (language). ${OPTIONS}`,
          querystring: proofOfPlayExportQuery,
        },
      },
      async (request, reply) => {
        const q = request.query;
        const report = await proofOfPlay(ctx, request.user, q);
        return sendProofOfPlay(
          reply,
          report,
          q.format,
          q.language ?? request.user.lang,
          `proof-of-play-${report.playlistId}`,
          certificates,
        );
      },
    );
  };
}

/**
 * Sends a proof-of-play report as xlsx or as the PDF certificate, in zh or en (anything else: zh). A PDF is
 * issued as a certificate first (its code in `x-certificate-code`, docs/certificates.md).
 */
export async function sendProofOfPlay(
  reply: FastifyReply,
  report: ProofOfPlayReport,
  format: 'xlsx' | 'pdf',
  language: string | undefined,
  name: string,
  certificates: CertificatesService,
) {
  const lang = language === 'en' ? 'en' : 'zh';
  if (format === 'pdf') {
    const certificate = await issueCertificate(certificates, report, reply.request);
    const pdf = await proofOfPlayPdf(report, lang, certificate);
    return reply
      .header('x-certificate-code', certificate.code)
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachment(`${name}.pdf`))
      .send(pdf);
  }
  return sendWorkbook(reply, `${name}.xlsx`, await proofOfPlayXlsx(report, lang));
}
