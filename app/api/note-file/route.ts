import { noteFileResponse } from '@/lib/notes/note-file-download';

// A note's file, its preview or a download (how it is served and who may read it: lib/notes/note-file-download.ts).
export async function GET(request: Request) {
  const query = new URL(request.url).searchParams;
  return noteFileResponse(query.get('path'), {
    thumb: query.get('thumb') === '1',
    download: query.get('download') === '1',
  });
}
