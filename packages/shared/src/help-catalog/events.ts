import type { THelpPage } from './types.ts';

/** The Events menu: events (incidents) and the requests the public reports. */
export const EVENT_HELP: THelpPage[] = [
  {
    url: '/events',
    category: 'events',
    'pt-PT': {
      title: 'Gestão de ocorrências',
      contents: `<p>Aqui a equipa acompanha as ocorrências (acidentes, obras, cortes de estrada, avarias) desde que são abertas até serem fechadas. As ocorrências públicas e ativas aparecem no mapa e na lista pública.</p>
<h2>Controlos da lista</h2>
<ul>
<li><p><strong>Pesquisar ocorrências pelo título ou descrição</strong>.</p></li>
<li><p><strong>Filtros</strong>: categoria, estado, prioridade, momento (atuais, futuras ou passadas), período e entidade responsável.</p></li>
<li><p><strong>Exportar CSV</strong>: descarrega as ocorrências que os filtros mostram.</p></li>
<li><p>Marque ocorrências (ou <strong>Selecionar todas as ocorrências desta página</strong>) e carregue em <strong>Transferir</strong> para as passar de uma vez para outra entidade.</p></li>
</ul>
<h2>Tratar uma ocorrência</h2>
<ol>
<li><p>Clique no título para a abrir. O cabeçalho mostra o número, a entidade responsável e o estado.</p></li>
<li><p>Em <strong>Mudar o estado</strong>, escolha o seguinte: Aberta → Em curso ou Pendente → Resolvida → Fechada. Só aparecem os estados que a categoria permite.</p></li>
<li><p>Para reabrir uma ocorrência resolvida ou fechada use <strong>Reabrir</strong> e escreva o <strong>Motivo</strong>.</p></li>
<li><p>Em <strong>Comentários</strong> escreva o que foi feito. Marque <strong>Comentário público</strong> para os visitantes o verem no cartão da ocorrência; os internos só a equipa vê.</p></li>
<li><p><strong>Transferir</strong> passa a ocorrência para outra entidade, com uma nota opcional que fica na cronologia.</p></li>
</ol>
<h2>Permissões</h2>
<ul>
<li><p>MANAGE_EVENTS para ver a lista e as ocorrências; WRITE_EVENT para criar e alterar. Sem WRITE_EVENT a ocorrência abre só para leitura.</p></li>
<li><p>Só vê as ocorrências das entidades ao seu alcance (a sua e as que estão abaixo dela).</p></li>
</ul>
<h2>Cuidados</h2>
<ul>
<li><p>Resolver tira a ocorrência do mapa público. Se o pedido veio de um cidadão, ele recebe um email a dizer que foi resolvida.</p></li>
<li><p>Todas as mudanças ficam na cronologia da ocorrência e no registo de auditoria.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Managing events',
      contents: `<p>Here staff follow events (crashes, roadworks, road closures, breakdowns) from the moment they are opened until they are closed. Public, live events show on the map and in the public incident list.</p>
<h2>List controls</h2>
<ul>
<li><p><strong>Search events by title or description</strong>.</p></li>
<li><p><strong>Filters</strong>: category, status, priority, timing (current, future or past), period and responsible entity.</p></li>
<li><p><strong>Export CSV</strong>: downloads the events the filters show.</p></li>
<li><p>Tick events (or <strong>Select every event on this page</strong>) and click <strong>Transfer</strong> to hand them all to another entity at once.</p></li>
</ul>
<h2>Handling an event</h2>
<ol>
<li><p>Click its title to open it. The header shows its number, the responsible entity and the status.</p></li>
<li><p>Under <strong>Change the status</strong>, choose the next one: Open → In progress or Pending → Resolved → Closed. Only the statuses the category allows are offered.</p></li>
<li><p>To reopen a resolved or closed event use <strong>Reopen</strong> and write the <strong>Reason</strong>.</p></li>
<li><p>Under <strong>Comments</strong> write what was done. Tick <strong>Public comment</strong> for visitors to see it on the incident card; internal ones are for staff only.</p></li>
<li><p><strong>Transfer</strong> hands the event to another entity, with an optional note kept in the timeline.</p></li>
</ol>
<h2>Permissions</h2>
<ul>
<li><p>MANAGE_EVENTS to see the list and the events; WRITE_EVENT to create and change them. Without WRITE_EVENT an event opens read-only.</p></li>
<li><p>You only see the events of entities within your reach (yours and those below it).</p></li>
</ul>
<h2>Pitfalls</h2>
<ul>
<li><p>Resolving takes the event off the public map. If it came from a citizen's report, they get an email saying it was resolved.</p></li>
<li><p>Every change is kept in the event's timeline and in the audit log.</p></li>
</ul>`,
    },
  },
  {
    url: '/events/create',
    category: 'events',
    'pt-PT': {
      title: 'Criar uma ocorrência',
      contents: `<p>Registe aqui uma ocorrência que a equipa vai tratar: um acidente, uma obra planeada, um corte de estrada.</p>
<h2>Passo a passo</h2>
<ol>
<li><p>Em <strong>Ocorrência</strong>: <strong>Título</strong>, <strong>Descrição</strong>, <strong>Categoria</strong> e <strong>Prioridade</strong> (Baixa, Normal, Alta, Crítica). Numa categoria de trânsito indique também o <strong>Sentido</strong> e o <strong>Subtipo</strong>.</p></li>
<li><p><strong>Entidade responsável</strong>: se ficar vazia, fica a entidade atribuída à categoria ou, sem ela, a sua.</p></li>
<li><p><strong>Pública</strong>: os visitantes veem-na no mapa e na lista de ocorrências enquanto estiver ativa.</p></li>
<li><p>Em <strong>Quando</strong>: data e hora de início e, se souber, de fim. Marque <strong>Ocorrência futura</strong> para um evento planeado (obras, uma prova): aparece com a cor das futuras até começar.</p></li>
<li><p>Em <strong>Localização</strong>: em <strong>Acrescentar</strong> escolha <strong>Ponto</strong>, <strong>Linha</strong> ou <strong>Área</strong> e clique no mapa para desenhar; arraste os pontos para os acertar. Cada parte pode ser <strong>Percurso alternativo</strong>, <strong>Mostrar o sentido</strong> ou um <strong>Círculo de 100 m</strong>.</p></li>
<li><p>Em <strong>Sistemas afetados</strong> escolha paragens e linhas, ou carregue em <strong>Sugerir a partir do mapa</strong> para acrescentar os que estão junto ao desenho.</p></li>
<li><p>Carregue em <strong>Criar ocorrência</strong>.</p></li>
</ol>
<h2>Permissões</h2>
<p>MANAGE_EVENTS e WRITE_EVENT.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Uma linha precisa de pelo menos 2 pontos e uma área de 3: as partes incompletas estão assinaladas.</p></li>
<li><p>Fotografias e ficheiros juntam-se depois de criar a ocorrência.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Creating an event',
      contents: `<p>Record here an event staff will handle: a crash, planned roadworks, a road closure.</p>
<h2>Step by step</h2>
<ol>
<li><p>Under <strong>Event</strong>: <strong>Title</strong>, <strong>Description</strong>, <strong>Category</strong> and <strong>Priority</strong> (Low, Normal, High, Critical). For a traffic category also give the <strong>Direction</strong> and the <strong>Sub-type</strong>.</p></li>
<li><p><strong>Responsible entity</strong>: left empty, the entity allocated to the category is responsible, or yours when it has none.</p></li>
<li><p><strong>Public</strong>: visitors see it on the map and in the incident list while it is live.</p></li>
<li><p>Under <strong>When</strong>: start date and time and, if known, the end. Tick <strong>Future event</strong> for a planned one (roadworks, a race): it shows in the future-event color until it starts.</p></li>
<li><p>Under <strong>Location</strong>: next to <strong>Add</strong> choose <strong>Point</strong>, <strong>Line</strong> or <strong>Area</strong> and click the map to draw; drag the points to adjust them. Each part may be an <strong>Alternative path</strong>, <strong>Show the direction</strong> or a <strong>100 m circle</strong>.</p></li>
<li><p>Under <strong>Affected systems</strong> choose stops and lines, or click <strong>Suggest from the map</strong> to add those near the drawing.</p></li>
<li><p>Click <strong>Create event</strong>.</p></li>
</ol>
<h2>Permissions</h2>
<p>MANAGE_EVENTS and WRITE_EVENT.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>A line needs at least 2 points and an area 3: incomplete parts are flagged.</p></li>
<li><p>Photos and files are added once the event is created.</p></li>
</ul>`,
    },
  },
  {
    url: '/event-request',
    category: 'events',
    'pt-PT': {
      title: 'Pedidos de ocorrência',
      contents: `<p>Os pedidos são as ocorrências reportadas pelo público, no mapa ou pelo cartão de uma paragem. Cada pedido é analisado e aceite (passa a ocorrência) ou rejeitado com um motivo.</p>
<h2>Controlos da lista</h2>
<ul>
<li><p><strong>Pesquisar por assunto, descrição ou participante</strong>.</p></li>
<li><p>Filtros de estado (Pendente, Aceite, Rejeitado) e de categoria; clique num título de coluna para ordenar.</p></li>
</ul>
<h2>Analisar um pedido</h2>
<ol>
<li><p>Abra o pedido: vê o assunto, a descrição, as fotografias, o participante, a localização no mapa e os responsáveis (entidade e agente da categoria).</p></li>
<li><p><strong>Aceitar</strong>: confirme a prioridade, se a ocorrência é pública e, se o pedido não indicar a localização, coloque-a no mapa. <strong>Aceitar e criar a ocorrência</strong> cria a ocorrência ligada ao pedido, com as fotografias.</p></li>
<li><p><strong>Rejeitar</strong>: escreva o <strong>Motivo</strong>; o participante recebe-o por email.</p></li>
</ol>
<h2>Permissões</h2>
<p>MANAGE_EVENTS. Vê os pedidos das categorias atribuídas a entidades ao seu alcance e os das categorias sem entidade atribuída.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Só os pedidos pendentes têm os botões Aceitar e Rejeitar; depois de decidido, o pedido mostra quem o fechou e quando.</p></li>
<li><p>O participante acompanha o pedido numa página própria e recebe emails quando é aceite, rejeitado e quando a ocorrência é resolvida: escreva o motivo de rejeição para um cidadão o entender.</p></li>
<li><p>Quem tem notificações ativas é avisado de cada pedido novo numa categoria da sua entidade.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Event requests',
      contents: `<p>Requests are occurrences reported by the public, on the map or from a stop's card. Each one is reviewed and either accepted (it becomes an event) or rejected with a reason.</p>
<h2>List controls</h2>
<ul>
<li><p><strong>Search by subject, description or reporter</strong>.</p></li>
<li><p>Status (Pending, Accepted, Rejected) and category filters; click a column heading to sort.</p></li>
</ul>
<h2>Reviewing a request</h2>
<ol>
<li><p>Open the request: you see the subject, description, photos, the reporter, the location on a map and who handles it (the category's entity and agent).</p></li>
<li><p><strong>Accept</strong>: confirm the priority, whether the event is public and, if the request gives no location, place it on the map. <strong>Accept and create the event</strong> creates the event linked to the request, photos included.</p></li>
<li><p><strong>Reject</strong>: write the <strong>Reason</strong>; the reporter receives it by email.</p></li>
</ol>
<h2>Permissions</h2>
<p>MANAGE_EVENTS. You see the requests of categories allocated to entities within your reach and those of categories allocated to nobody.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>Only pending requests have the Accept and Reject buttons; once decided, the request shows who closed it and when.</p></li>
<li><p>The reporter follows the request on a page of their own and gets emails when it is accepted, rejected and when the event is resolved: write a rejection reason a citizen will understand.</p></li>
<li><p>Staff with notifications on are told of each new request in a category of their entity.</p></li>
</ul>`,
    },
  },
];
