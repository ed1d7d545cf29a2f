// Unknown API paths answer JSON, never the HTML not-found page.
function notFound() {
  return Response.json({ error: 'not_found', message: 'No such API endpoint.' }, { status: 404 });
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
