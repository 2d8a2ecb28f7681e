import { Center, Loader } from '@mantine/core';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * One page of a PDF drawn on a canvas with pdf.js, at a zoom and a rotation.
 * The worker ships with the app, so it needs nothing from the internet.
 */
export function PdfViewer({
  bytes,
  page,
  zoom,
  rotation,
  fitWidth = 0,
  label,
  onPageCount,
  onError,
}: {
  bytes: Uint8Array;
  page: number;
  zoom: number;
  rotation: number;
  /** The width a page at 100 % may take (px): a larger page is drawn smaller, so it fits a phone. */
  fitWidth?: number;
  label: string;
  onPageCount: (count: number) => void;
  onError: () => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per document; the callbacks may change identity
  useEffect(() => {
    // pdf.js hands its data to the worker: give it a copy so the caller's bytes stay usable (download).
    const task = getDocument({ data: bytes.slice() });
    let isCurrent = true;
    task.promise.then(
      (loaded) => {
        if (!isCurrent) return;
        setPdf(loaded);
        onPageCount(loaded.numPages);
      },
      () => isCurrent && onError(),
    );
    return () => {
      isCurrent = false;
      void task.destroy();
    };
  }, [bytes]);

  useEffect(() => {
    if (!pdf || !canvasRef.current) return;
    const canvas = canvasRef.current;
    let renderTask: ReturnType<Awaited<ReturnType<PDFDocumentProxy['getPage']>>['render']> | null = null;
    let isCurrent = true;
    void pdf.getPage(Math.min(page, pdf.numPages)).then((pdfPage) => {
      if (!isCurrent) return;
      const ratio = window.devicePixelRatio || 1;
      const natural = pdfPage.getViewport({ scale: 1, rotation });
      const fit = fitWidth > 0 ? Math.min(1, fitWidth / natural.width) : 1;
      const viewport = pdfPage.getViewport({ scale: zoom * fit * ratio, rotation });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
      canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
      renderTask = pdfPage.render({ canvas, viewport });
      renderTask.promise.catch(() => undefined);
    }, onError);
    return () => {
      isCurrent = false;
      renderTask?.cancel();
    };
  }, [pdf, page, zoom, rotation, fitWidth, onError]);

  if (!pdf) {
    return (
      <Center mih={200}>
        <Loader size="sm" />
      </Center>
    );
  }
  return <canvas ref={canvasRef} role="img" aria-label={label} data-testid="pdf-page" data-page={page} />;
}
